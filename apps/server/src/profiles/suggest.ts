import type { SuggestQuery } from "@vam/shared";
import { commonSpelling, FIELD, type Place, type SearchIndex, type Term } from "./search-index.js";
import { matchOf, resolve } from "./search-resolve.js";
import { foldWord, splitWords, typoAllowance, wordMatch } from "./search-words.js";

/** At most this many suggestions. */
export const SUGGESTIONS = 8;

/**
 * Completions of what is typed in the Name field: the last word completed (or corrected) to a
 * first or last name from the vocabulary, most used first; the words before it kept as typed.
 */
function nameSuggestions(index: SearchIndex, typed: string[]): string[] {
  const last = foldWord(typed[typed.length - 1]!);
  const found = new Map<Term, number>();
  const consider = (term: Term) => {
    if (term.uses[FIELD.name] <= 0 || found.has(term)) return;
    const match = wordMatch(last, term.word, true);
    if (match) found.set(term, match.typos);
  };
  for (const term of index.atPrefix(last, FIELD.name)) consider(term);
  const allowance = typoAllowance(last.length);
  if (allowance > 0) for (const term of index.typoCandidates(last, allowance)) consider(term);
  const before = typed.slice(0, -1).join(" ");
  return [...found]
    .sort(([a, typosA], [b, typosB]) => typosA - typosB || b.uses[FIELD.name] - a.uses[FIELD.name] || (a.word < b.word ? -1 : 1))
    .slice(0, SUGGESTIONS)
    .map(([term]) => {
      const display = commonSpelling(term.spellings) ?? term.word;
      return before ? `${before} ${display}` : display;
    });
}

/** Places of listed Assistants holding every typed word (the last one as a prefix), each within its typo allowance. */
function placeSuggestions(index: SearchIndex, typed: string[]): string[] {
  const words = typed.map((text, i) => ({ text: foldWord(text), place: true, prefix: i === typed.length - 1 }));
  const resolved = resolve(index, words);
  // Each typed word's place words: listed matches, and the words its prefix completes.
  const each = resolved.map((position) => {
    const words = new Set(position.listed.keys());
    if (position.prefix !== undefined)
      for (const term of index.atPrefix(position.prefix, FIELD.place)) if (matchOf(position, term.word)) words.add(term.word);
    return words;
  });
  if (each.some((set) => set.size === 0)) return [];
  // From the position with the fewest places, keep those holding a candidate of every other.
  const holding = each.map((set) => index.placesHolding(set));
  const smallest = holding.reduce((a, b) => (b.size < a.size ? b : a));
  const places: Place[] = [...smallest].filter((place) => each.every((set) => place.words.some((word) => set.has(word))));
  return places
    .map((place) => ({ place, display: commonSpelling(place.spellings) ?? place.key }))
    .sort((a, b) => b.place.uses - a.place.uses || (a.display < b.display ? -1 : a.display > b.display ? 1 : 0))
    .slice(0, SUGGESTIONS)
    .map(({ display }) => display);
}

export function suggest(index: SearchIndex, query: SuggestQuery): string[] {
  const typed = splitWords(query.q).slice(0, 5);
  if (typed.length === 0) return [];
  return query.field === "name" ? nameSuggestions(index, typed) : placeSuggestions(index, typed);
}
