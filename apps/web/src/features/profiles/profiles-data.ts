import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { attempt } from "../../lib/actions";
import { deleteListing, fetchProfilePage, type ProfileSearch } from "./profiles-api";

/** `/data/profiles/page?userName=&location=&skills=&cursor=`: the next page of a profile search. */
export function profilePageLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const search = {
    userName: params.get("userName") ?? undefined,
    location: params.get("location") ?? undefined,
    skills: params.get("skills") ?? undefined,
  };
  return attempt(() => fetchProfilePage(search, params.get("cursor") ?? undefined), "Could not load more profiles.");
}

/** `DELETE /data/profiles/listings/:id`: the owner deletes their listing; a refusal is the spec's alert. Then the list's loader runs again. */
export async function deleteListingAction({ params }: ActionFunctionArgs) {
  const result = await attempt(() => deleteListing(params.id ?? ""), "Error deleting post. Please try again.");
  if (!result.ok) window.alert("Error deleting post. Please try again.");
  return result;
}

/** `/data/profiles/page`: the search's page after `cursor`. */
export function profilePageHref(search: ProfileSearch, cursor: string | null): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...search, cursor })) if (value) query.set(name, value);
  return `/data/profiles/page?${query.toString()}`;
}

/** `DELETE /data/profiles/listings/:id`: the owner deletes their listing. */
export function profileListingHref(listingId: string): string {
  return `/data/profiles/listings/${encodeURIComponent(listingId)}`;
}
