/**
 * What other features may use of `search` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { SearchBar } from "./SearchBar";
export { SearchFilters } from "./SearchFilters";
export { isFiltered, searchFromUrl, searchQuery, type ProfileSearch } from "./profile-search";
export type { SuggestField } from "./search-routes";
