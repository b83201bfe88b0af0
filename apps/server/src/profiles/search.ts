import { z } from "zod";
import { profileCursorSchema, type ProfileSearch, type SearchMatch } from "@vam/shared";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { listingOrder, lowerBound, type Doc, type SearchIndex } from "./search-index.js";
import { busyThen } from "./search-availability.js";
import { matchSkills } from "./skill-match.js";
import { allows, matchesOf, rankedListings, type Filter } from "./search-rank.js";
import { firstWords, resolve, wordsOf, type QueryWord } from "./search-resolve.js";

/*
 * Profile search (decisions.md "Search", decisions 0013 and 0014), computed from this
 * instance's in-memory index. Without name or place words: the listings newest first. With
 * them: each query word is resolved against the vocabulary (search-resolve.ts: equal, prefix
 * for the last word of a field, typo keys), then the listings holding a match for every word
 * are ranked (search-rank.ts) and paged here by keyset over the rank. Nothing here asks the
 * database: "available on" reads the held time each listing carries in the index (decision 0015).
 */

/** What a ranked page's cursor holds: the last listing's rank, and how many query words were ignored. */
const rankedCursorSchema = z.strictObject({
  exact: z.number().int(),
  typos: z.number().int(),
  username: z.number().int(),
  rating: z.number(),
  /** To the microsecond, as the database wrote it (a Date would lose them, and with them ties). */
  listedAt: z.iso.datetime(),
  id: z.uuid(),
  ignored: z.number().int().min(0).max(10),
});
type RankedCursor = z.infer<typeof rankedCursorSchema>;

/** A page of the search: the listings with what they matched, as `profilePageSchema` describes it. */
export interface SearchPage {
  items: { doc: Doc; matches: SearchMatch[] }[];
  nextCursor: string | null;
  ignoredWords: string[];
}

const EMPTY: SearchPage = { items: [], nextCursor: null, ignoredWords: [] };

/**
 * The page as the API answers it (`profilePageSchema`): each card as encoded when it was
 * filed, with its matches. Assembled as text, so that a page costs no encoding of 20 cards.
 */
export function pageJson(page: SearchPage): string {
  let items = "";
  for (let i = 0; i < page.items.length; i++) {
    const { doc, matches } = page.items[i]!;
    let list = "";
    for (let m = 0; m < matches.length; m++) list += (m > 0 ? "," : "") + matchJson(matches[m]!);
    items += `${i > 0 ? "," : ""}${doc.json},"matches":[${list}]}`;
  }
  return `{"items":[${items}],"nextCursor":${JSON.stringify(page.nextCursor)},"ignoredWords":${JSON.stringify(page.ignoredWords)}}`;
}

/** A match as `JSON.stringify` writes it (the same keys in the same order), without its generic walk: 2 µs a card. */
const matchJson = (match: SearchMatch) => `{"field":${JSON.stringify(match.field)},"word":${JSON.stringify(match.word)},"length":${match.length}}`;

/** Skills and "available on": who may be listed; null when nobody can be. */
function filterOf(index: SearchIndex, search: ProfileSearch, now: Date): Filter | null {
  const groups: string[][] = [];
  for (const skill of search.skills) {
    const skills = matchSkills(skill);
    if (skills.length === 0) return null;
    groups.push(skills);
  }
  let free: Filter["free"] = null;
  if (search.date) {
    const busy = busyThen(search.date, search.slot, now);
    if (!busy) return null;
    free = (doc) => !busy(doc);
  }
  return { skills: groups.length > 0 ? index.withSkills(groups) : null, free };
}

/** Listings newest first (no name or place words), paged by (listing time, id). */
function newestFirst(index: SearchIndex, search: ProfileSearch, filter: Filter): SearchPage {
  const listings = index.listings();
  let at = listings.length - 1;
  if (search.cursor) {
    const after = decodeCursor(profileCursorSchema, search.cursor);
    // The last listing before the cursor's in listing order.
    at = lowerBound(listings, { listedAt: after.createdAt, listingId: after.id }, listingOrder) - 1;
  }
  const docs: Doc[] = [];
  for (; at >= 0 && docs.length <= search.limit; at--) if (allows(filter, listings[at]!)) docs.push(listings[at]!);
  const items = docs.slice(0, search.limit).map((doc) => ({ doc, matches: [] }));
  const last = docs.length > search.limit ? docs[search.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ createdAt: last.listedAt, id: last.listingId }) : null, ignoredWords: [] };
}

/** Ranked search: every word must match; when nothing matches them all, words are dropped from the end. */
function ranked(index: SearchIndex, search: ProfileSearch, filter: Filter, words: QueryWord[]): SearchPage {
  const after = search.cursor ? decodeCursor(rankedCursorSchema, search.cursor) : undefined;
  let ignored = after?.ignored ?? 0;
  if (ignored >= words.length) return EMPTY;
  const attempt = () => {
    const kept = firstWords(words, words.length - ignored);
    const resolved = resolve(index, kept);
    return { resolved, hits: rankedListings(index, resolved, filter, after, search.limit + 1) };
  };
  let result = attempt();
  while (!after && result.hits.length === 0 && ignored < words.length - 1) {
    ignored += 1;
    result = attempt();
  }
  const { resolved, hits } = result;
  if (hits.length === 0) return EMPTY;

  const page = hits.slice(0, search.limit);
  const items = page.map(({ doc }) => ({ doc, matches: matchesOf(doc, resolved) }));
  const last = hits.length > search.limit ? page[page.length - 1] : undefined;
  const nextCursor = last
    ? encodeCursor({ ...last.rank, rating: last.doc.rating, listedAt: last.doc.listedAt, id: last.doc.listingId, ignored } satisfies RankedCursor)
    : null;
  // Quoted as typed: the note says "Cty", not "cty".
  const allWords = words.map((word) => word.typed ?? word.text);
  return { items, nextCursor, ignoredWords: allWords.slice(allWords.length - ignored) };
}

/**
 * Public listings of Assistants: ranked by how well they match the name and place words, or
 * newest first without them; skills and "available on" filter both. `now` decides which slots
 * are still free.
 */
export function searchProfiles(index: SearchIndex, search: ProfileSearch, now: Date): SearchPage {
  const filter = filterOf(index, search, now);
  if (!filter) return EMPTY;
  const words = wordsOf(search);
  return words.length === 0 ? newestFirst(index, search, filter) : ranked(index, search, filter, words);
}
