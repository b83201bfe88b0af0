import type { ProfileSearch as SearchRequest, SearchSlot } from "@vam/shared";

/**
 * The search criteria of the profile list, as the URL holds them (decisions.md, "Search"): the
 * API's search request (`profileSearchSchema`) without its page (`cursor`, `limit`).
 */
export type ProfileSearch = Partial<Omit<SearchRequest, "cursor" | "limit" | "skills">> & Pick<SearchRequest, "skills">;

const SLOTS: readonly string[] = ["Morning", "Afternoon"] satisfies SearchSlot[];

/** The criteria of a URL's query: empty values dropped, a skill once, `slot` only with `date`. */
export function searchFromUrl(params: URLSearchParams): ProfileSearch {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const date = value("date");
  const slot = date ? value("slot") : undefined;
  return {
    userName: value("userName"),
    location: value("location"),
    skills: [...new Set(params.getAll("skills").map((skill) => skill.trim()))].filter(Boolean),
    date,
    slot: slot && SLOTS.includes(slot) ? (slot as SearchSlot) : undefined,
  };
}

/**
 * The query of a search (and the page after `cursor`), for the page's address and the API's
 * request alike: only the values present, `skills` repeated, in the order the search form writes
 * them.
 */
export function searchQuery(search: ProfileSearch, cursor?: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (search.userName) query.set("userName", search.userName);
  if (search.location) query.set("location", search.location);
  for (const skill of search.skills) query.append("skills", skill);
  if (search.date) query.set("date", search.date);
  if (search.slot) query.set("slot", search.slot);
  if (cursor) query.set("cursor", cursor);
  return query;
}

export function isFiltered(search: ProfileSearch): boolean {
  return Boolean(search.userName || search.location || search.skills.length > 0 || search.date);
}
