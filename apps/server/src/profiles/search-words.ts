import damerauLevenshtein from "damerau-levenshtein";
import { distance as levenshtein } from "fastest-levenshtein";

/*
 * The words of a search and of a listing, and when one matches the other (decisions.md,
 * "Search"; decision 0013). The database folds and splits a listing's text with the same rule
 * (migration 0006: search_fold, search_tokens); test/search-words.test.ts compares the two.
 */

const FOLD_FROM = "ÑñÁáÉéÍíÓóÚúÜü";
const FOLD_TO = "NnAaEeIiOoUuUu";
const FOLD = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]!]));
/** A word is a run of letters or a run of digits: "maria_santos92" holds maria, santos and 92. */
const WORD = /[0-9]+|[A-Za-zÑñÁáÉéÍíÓóÚúÜü]+/g;

/** At most this many words of a field count: a longer query is someone pasting text. */
export const MAX_QUERY_WORDS = 5;

/** Lower case, with ñ and accented vowels as their plain letters ("Piñas" → "pinas"). */
export const foldWord = (text: string): string =>
  [...text]
    .map((letter) => FOLD.get(letter) ?? letter)
    .join("")
    .toLowerCase();

/** The words of a text, as written: what the index holds and what a query asks for. */
export const splitWords = (text: string): string[] => text.match(WORD) ?? [];

/**
 * The distinct folded words of a query field, at most MAX_QUERY_WORDS, each with its first
 * spelling as typed (what a note about ignored words quotes: "Cty", not "cty").
 */
export function typedQueryWords(text: string | undefined): { folded: string; typed: string }[] {
  const seen = new Map<string, string>();
  for (const typed of splitWords(text ?? "")) {
    const folded = foldWord(typed);
    if (!seen.has(folded)) seen.set(folded, typed);
  }
  return [...seen].slice(0, MAX_QUERY_WORDS).map(([folded, typed]) => ({ folded, typed }));
}

/** The distinct folded words of a query field, at most MAX_QUERY_WORDS. */
export const queryWords = (text: string | undefined): string[] => typedQueryWords(text).map((word) => word.folded);

/** Typos a query word of this length may hold: none for 1-3 letters, 1 for 4-7, 2 for 8 or more. */
export const typoAllowance = (length: number): number => (length <= 3 ? 0 : length <= 7 ? 1 : 2);

/** A typo is a letter's: a number matches only as typed (or as the start of a longer one). */
export const allowanceOf = (word: string): number => (/^[0-9]+$/.test(word) ? 0 : typoAllowance(word.length));

/**
 * Typos between two words: letters inserted, deleted or replaced, and neighbours swapped, each
 * one typo (the optimal string alignment distance).
 */
export const typos = (a: string, b: string): number => damerauLevenshtein(a, b).steps;

/** How a query word matches a listing word, or null: equal, a prefix (when allowed), or within the allowance. */
export function wordMatch(query: string, word: string, prefixAllowed: boolean): { typos: number; exact: boolean; length: number } | null {
  if (query === word) return { typos: 0, exact: true, length: word.length };
  if (prefixAllowed && word.startsWith(query)) return { typos: 0, exact: false, length: query.length };
  const allowance = allowanceOf(query);
  if (allowance === 0 || Math.abs(query.length - word.length) > allowance) return null;
  const count = typosWithin(query, word, allowance);
  return count <= allowance ? { typos: count, exact: false, length: word.length } : null;
}

/**
 * `typos(a, b)` when it is at most `allowance`, else some number above it. The Levenshtein
 * distance (bit-parallel, fastest-levenshtein: a tenth of the time) counts a swap as two edits
 * and every other edit as one, so it is at most twice the typos and never fewer: at 0 or 1 it
 * is the answer, and above twice the allowance the typos are over it too. Only in between is
 * the optimal string alignment computed.
 */
export function typosWithin(a: string, b: string, allowance: number): number {
  const edits = levenshtein(a, b);
  return edits <= 1 || edits > 2 * allowance ? edits : typos(a, b);
}
