import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { attempt } from "../../lib/actions";
import { deleteListing, fetchProfilePage, fetchSuggestions } from "./profiles-api";
import { searchFromUrl } from "../search/public";

/** `PROFILE_PAGE_PATH` (lib/data-routes.ts; addresses in profiles-routes.ts, `?userName=&location=&skills=&date=&slot=&cursor=`): the next page of a profile search. */
export function profilePageLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return attempt(() => fetchProfilePage(searchFromUrl(params), params.get("cursor")), "Could not load more profiles.");
}

/**
 * `PROFILE_SUGGEST_PATH` (lib/data-routes.ts; addresses in profiles-routes.ts, `?field=name|place&q=`): what to offer under the Name
 * or the Where field (the address is `profileSuggestHref`). A newer load aborts this one, and its request with it.
 */
export function profileSuggestLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const field = params.get("field") === "place" ? "place" : "name";
  return attempt(() => fetchSuggestions(field, params.get("q") ?? "", request.signal), "Could not load suggestions.");
}

/** DELETE `PROFILE_LISTING_PATH` (lib/data-routes.ts; addresses in profiles-routes.ts): the owner deletes their listing; a refusal is the spec's alert. Then the list's loader runs again. */
export async function deleteListingAction({ params }: ActionFunctionArgs) {
  const result = await attempt(() => deleteListing(params.id ?? ""), "Error deleting post. Please try again.");
  if (!result.ok) window.alert("Error deleting post. Please try again.");
  return result;
}
