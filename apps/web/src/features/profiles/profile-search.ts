import type { SearchSlot } from "@vam/shared";

/** The search criteria of the profile list, as the URL holds them (decisions.md, "Search"). */
export interface ProfileSearch {
  userName?: string;
  location?: string;
  /** Each must be one of the listing's skills. */
  skills: string[];
  /** "Available on": YYYY-MM-DD. */
  date?: string;
  /** Only with `date`. */
  slot?: SearchSlot;
}

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

/** The query of a search (and the page after `cursor`): only the values present, `skills` repeated. */
export function searchQuery(search: ProfileSearch, cursor?: string | null): URLSearchParams {
  const query = new URLSearchParams();
  const { skills, ...single } = search;
  for (const [name, value] of Object.entries(single)) if (value) query.set(name, value);
  for (const skill of skills) query.append("skills", skill);
  if (cursor) query.set("cursor", cursor);
  return query;
}

export function isFiltered(search: ProfileSearch): boolean {
  return Boolean(search.userName || search.location || search.skills.length > 0 || search.date);
}
