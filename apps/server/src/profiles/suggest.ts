import { sql } from "drizzle-orm";
import type { SuggestQuery } from "@vam/shared";
import { queryRows, type Db } from "../db/client.js";
import { resolve } from "./search.js";
import { deletions, foldWord, splitWords, typoAllowance, wordMatch } from "./search-words.js";

/** At most this many suggestions. */
export const SUGGESTIONS = 8;

/**
 * Completions of what is typed in the Name field: the last word completed (or corrected) to a
 * first or last name from the vocabulary, most used first; the words before it kept as typed.
 */
async function nameSuggestions(db: Db, typed: string[]): Promise<string[]> {
  const last = foldWord(typed[typed.length - 1]!);
  const keys = deletions(last, typoAllowance(last.length));
  const rows = await queryRows<{ word: string; display: string; name_uses: number }>(
    db,
    sql`
    (select word, display, name_uses from search_words
      where name_uses > 0 and word ~>=~ ${last} and word ~<~ (${last} || '{') order by name_uses desc limit ${SUGGESTIONS})
    union
    (select w.word, w.display, w.name_uses from search_keys k join search_words w on w.word = k.word
      where k.key = any(${sql.param(keys)}::text[]) and w.name_uses > 0)`,
  );
  const before = typed.slice(0, -1).join(" ");
  return rows
    .map((row) => ({ row, match: wordMatch(last, row.word, true) }))
    .filter((entry) => entry.match)
    .sort((a, b) => a.match!.typos - b.match!.typos || b.row.name_uses - a.row.name_uses || a.row.word.localeCompare(b.row.word))
    .slice(0, SUGGESTIONS)
    .map(({ row }) => (before ? `${before} ${row.display}` : row.display));
}

/** Places of listed Assistants holding every typed word (the last one as a prefix), each within its typo allowance. */
async function placeSuggestions(db: Db, typed: string[]): Promise<string[]> {
  const words = typed.map((text, i) => ({ text: foldWord(text), place: true, prefix: i === typed.length - 1 }));
  const candidates = await resolve(db, words);
  const each = words.map((_, pos) => candidates.filter((c) => c.pos === pos).map((c) => c.word));
  if (each.some((list) => list.length === 0)) return [];
  const rows = await queryRows<{ display: string }>(
    db,
    sql`
    select display from search_places
     where uses > 0 and ${sql.join(
       each.map((list) => sql`words && ${sql.param(list)}::text[]`),
       sql` and `,
     )}
     order by uses desc, display limit ${SUGGESTIONS}`,
  );
  return rows.map((row) => row.display);
}

export async function suggest(db: Db, query: SuggestQuery): Promise<string[]> {
  const typed = splitWords(query.q).slice(0, 5);
  if (typed.length === 0) return [];
  return query.field === "name" ? nameSuggestions(db, typed) : placeSuggestions(db, typed);
}
