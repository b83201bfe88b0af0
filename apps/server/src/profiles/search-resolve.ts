import type { ProfileSearch } from "@vam/shared";
import { FIELD, type Field, type Run, type SearchIndex, type Term } from "./search-index.js";
import { allowanceOf, typedQueryWords, wordMatch } from "./search-words.js";

/*
 * A search's words resolved against the index's vocabulary (decisions 0013 and 0014): each
 * query word's equal words and those within its typo allowance, listed, and for the last word
 * of a field the prefix it completes. How a word matches is search-words.ts's; which words the
 * index holds is asked of it (`get`, `typoCandidates`, `atPrefix`, `usernamesCompleting`).
 */

/** A word of the query: which field it searches, and whether it may be a prefix (the last word of its field). */
export interface QueryWord {
  text: string;
  /** The word as typed (ignored words are quoted so); `text` is it folded. Absent for words not from a search's fields. */
  typed?: string;
  place: boolean;
  prefix: boolean;
}

/** How a listing word matches a query word. */
export interface Match {
  typos: number;
  exact: boolean;
  /** How much of the listing word the highlight marks (the typed part of a prefix). */
  length: number;
}

/**
 * A query word resolved against the vocabulary: the words equal to it or within its typo
 * allowance, listed; and, for the last word of a field, the prefix it completes. A prefix such
 * as "jo" covers thousands of words, so they are not listed: a listing word's match is a test,
 * and the words are looked up only if their listings are read.
 */
export class Resolved {
  private usernames: Run | undefined;
  /** By field: the completions with listings there, and how many listings that is. */
  private readonly byField: ({ terms: Term[]; uses: number } | undefined)[] = [undefined, undefined, undefined];

  constructor(
    private readonly index: SearchIndex,
    readonly word: QueryWord,
    readonly listed: Map<string, Match & { term: Term }>,
    readonly prefix: string | undefined,
  ) {}

  /** The longer words the prefix completes (none without a prefix) with listings in `field`, and how many listings that is: looked up on first use. */
  completionsIn(field: Field): { terms: Term[]; uses: number } {
    let found = this.byField[field];
    if (found === undefined) {
      const terms = this.prefix === undefined ? [] : this.index.atPrefix(this.prefix, field);
      // Sorted by word: the prefix itself, if a word, comes first (it is listed, as an equal word).
      if (terms[0]?.word === this.prefix) terms.shift();
      let uses = 0;
      for (const term of terms) uses += term.uses[field];
      found = this.byField[field] = { terms, uses };
    }
    return found;
  }

  /** Whether completionsIn(field) is known without looking words up. */
  counted(field: Field): boolean {
    return this.byField[field] !== undefined;
  }

  /** The listings holding a username word the prefix completes, as one range (`SearchIndex.usernamesCompleting`). */
  usernameRun(): Run {
    return (this.usernames ??= this.prefix === undefined ? NO_RUN : this.index.usernamesCompleting(this.prefix));
  }
}

const NO_RUN: Run = { list: [], from: 0, to: 0 };

const PLACE_FIELDS: readonly Field[] = [FIELD.place];
const NAME_FIELDS: readonly Field[] = [FIELD.name, FIELD.username];
export const fieldsOf = (word: QueryWord): readonly Field[] => (word.place ? PLACE_FIELDS : NAME_FIELDS);

/** The vocabulary words each query word matches, checked against the allowance. */
export function resolve(index: SearchIndex, words: QueryWord[]): Resolved[] {
  return words.map((word) => {
    const fields = fieldsOf(word);
    const prefix = word.prefix ? word.text : undefined;
    const listed = new Map<string, Match & { term: Term }>();
    const exact = index.get(word.text);
    const allowance = allowanceOf(word.text);
    const candidates = allowance > 0 ? index.typoCandidates(word.text, allowance) : [];
    if (exact) candidates.unshift(exact);
    for (const term of candidates) {
      if (listed.has(term.word) || (prefix !== undefined && completes(prefix, term.word))) continue;
      if (!fields.some((field) => term.uses[field] > 0)) continue;
      const match = wordMatch(word.text, term.word, false);
      if (match) listed.set(term.word, { term, ...match });
    }
    return new Resolved(index, word, listed, prefix);
  });
}

/** `word` is a longer word starting with `prefix`. */
export const completes = (prefix: string, word: string) => word.length > prefix.length && word.startsWith(prefix);

/** How a listing word matches a resolved query word, if it does. */
export function matchOf(resolved: Resolved, word: string): Match | undefined {
  const listed = resolved.listed.get(word);
  if (listed) return listed;
  if (resolved.prefix !== undefined && completes(resolved.prefix, word)) return { typos: 0, exact: false, length: resolved.prefix.length };
  return undefined;
}

/** The name words, then the place words. */
export function wordsOf(search: ProfileSearch): QueryWord[] {
  const field = (text: string | undefined, place: boolean) =>
    typedQueryWords(text).map(({ folded, typed }) => ({ text: folded, typed, place, prefix: false }));
  return [...field(search.userName, false), ...field(search.location, true)];
}

/** The first `count` words, the last of each field a prefix ("people type"; also after the words after it were dropped). */
export function firstWords(words: QueryWord[], count: number): QueryWord[] {
  const kept = words.slice(0, count);
  return kept.map((word, i) => ({ ...word, prefix: !kept.slice(i + 1).some((later) => later.place === word.place) }));
}
