import type { SearchMatch } from "@vam/shared";
import type { ReactNode } from "react";

/*
 * Words as the server splits and folds them (apps/server/src/profiles/search-words.ts): a run of
 * letters or of digits; lower case, ñ and accented vowels as their plain letters. Folding keeps
 * every letter in its place, so a match's length counts the displayed letters too.
 */
const WORD = /[0-9]+|[A-Za-zÑñÁáÉéÍíÓóÚúÜü]+/g;
const FOLD: Record<string, string> = { ñ: "n", á: "a", é: "e", í: "i", ó: "o", ú: "u", ü: "u" };
const fold = (word: string) => word.toLowerCase().replace(/[ñáéíóúü]/g, (letter) => FOLD[letter]!);

/**
 * The parts of `text` with, in each word that a search matched (`matches`: the listing's words,
 * and how many of their first letters matched), those letters apart to be marked.
 */
export function highlightParts(text: string, matches: readonly Pick<SearchMatch, "word" | "length">[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const found of matches.length > 0 ? text.matchAll(WORD) : []) {
    const match = matches.find((candidate) => fold(candidate.word) === fold(found[0]));
    if (!match || match.length <= 0) continue;
    const end = found.index + Math.min(match.length, found[0].length);
    if (found.index > at) parts.push({ text: text.slice(at, found.index), marked: false });
    parts.push({ text: text.slice(found.index, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** `text` with what the search matched of it in `<mark>`. */
export function Highlighted({ text, matches }: { text: string; matches: readonly Pick<SearchMatch, "word" | "length">[] }): ReactNode {
  return highlightParts(text, matches).map((part, index) =>
    part.marked ? (
      <mark key={index} className="rounded-sm bg-amber-300/25 text-amber-100">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
