import type { SuggestField } from "./profiles-api";

/**
 * `/data/profiles/suggest` (its loader: `profileSuggestLoader` in profiles-data.ts) for what is
 * typed in a field. A module of its own: the search bar on /home imports it, and importing it
 * from profiles-data.ts would bring the loaders and the API client into /home's first load.
 */
export function profileSuggestHref(field: SuggestField, typed: string): string {
  return `/data/profiles/suggest?${new URLSearchParams({ field, q: typed }).toString()}`;
}
