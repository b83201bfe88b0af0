import { MSG, type Posting } from "@vam/shared";
import { data, type LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../api/errors";
import { fetchPosting } from "./postings-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The posting of `/{id}`; an unknown id shows the route error screen. */
export async function postingLoader({ params }: LoaderFunctionArgs): Promise<Posting> {
  const id = params.id ?? "";
  const notFound = () => data(MSG.postingNotFound, { status: 404 });
  if (!UUID.test(id)) throw notFound();
  try {
    return await fetchPosting(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
