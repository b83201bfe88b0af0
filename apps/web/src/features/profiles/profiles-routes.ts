import { dataHref, PROFILE_PAGE_PATH, PROFILE_LISTING_PATH } from "../../lib/data-routes";

/**
 * The profiles' data routes (their paths under `DATA_ROOT`, as router.tsx declares them; their
 * loaders and action are in profiles-data.ts; the suggestions' address is built by the search bar,
 * search/search-routes.ts). A module of its own: importing it from profiles-data.ts would bring the
 * loaders and the API client into the pages' first load.
 */

/**
 * A search's page, by its query (`searchQuery` of profile-search.ts, with the cursor): taken as it
 * is, so that the router's first chunk, which declares these routes, does not carry the search's code.
 */
export function profilePageHref(query: URLSearchParams): string {
  return `${dataHref(PROFILE_PAGE_PATH, {})}?${query.toString()}`;
}

/** Where the owner deletes their listing (DELETE). */
export function profileListingHref(listingId: string): string {
  return dataHref(PROFILE_LISTING_PATH, { id: listingId });
}
