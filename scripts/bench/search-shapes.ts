// The query shapes of the search benchmarks (bench:search over HTTP, bench:search-cpu in
// process): names and places drawn from the vocabulary with typos applied, so that queries
// rarely repeat. Seeded: the same queries on every run.
import { SKILL_OPTIONS, weekdayAhead } from "@vam/shared";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "./ph-vocabulary.js";
import { seeded } from "./seeded.js";

const PATHS_PER_SHAPE = 20_000;
/** Seeded: the same data set and queries on every run. */
const { next, pick } = seeded(2026);
const LETTERS = "abcdefghiklmnoprstuy";

/** One typo inside the word (never its first letter): a letter inserted, deleted, replaced, or two neighbours swapped. */
function typo(word: string, kind = pick(["insert", "delete", "replace", "swap"] as const)): string {
  const at = 1 + Math.floor(next() * (word.length - 1));
  const letter = pick([...LETTERS]);
  if (kind === "insert") return word.slice(0, at) + letter + word.slice(at);
  if (kind === "delete") return word.slice(0, at) + word.slice(at + 1);
  if (kind === "replace") return word.slice(0, at) + letter + word.slice(at + 1);
  const i = Math.min(at, word.length - 2);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}
const oneWord = (list: readonly string[], min = 0) => pick(list.filter((w) => !w.includes(" ") && w.length >= min));
const q = (params: Record<string, string>) => `/api/profiles/posts?${new URLSearchParams(params)}`;
const many = (make: () => string) => Array.from({ length: PATHS_PER_SHAPE }, make);

/** Each shape's name and its queries (paths of `GET /api/profiles/posts`, and the bare route). */
export function shapes(): [string, string[]][] {
  const date = () => weekdayAhead(1 + Math.floor(next() * 20));
  return [
    ["bare JSON route", ["/bench/bare"]],
    ["newest first, first page", ["/api/profiles/posts"]],
    ["one name", many(() => q({ userName: pick(FIRST_NAMES) }))],
    ["full name", many(() => q({ userName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` }))],
    ["name, 1 typo", many(() => q({ userName: `${typo(oneWord(FIRST_NAMES, 5))} ${pick(LAST_NAMES)}` }))],
    ["name, 2 typos (8+ letters)", many(() => q({ userName: typo(typo(oneWord(LAST_NAMES, 9), "replace"), "swap") }))],
    ["neighbours swapped", many(() => q({ userName: `${pick(FIRST_NAMES)} ${typo(oneWord(LAST_NAMES, 5), "swap")}` }))],
    ["misspelt among correct", many(() => q({ userName: `${pick(FIRST_NAMES)} ${typo(oneWord(LAST_NAMES, 5))}`, location: pick(CITIES) }))],
    ["prefix (last word)", many(() => q({ userName: `${pick(FIRST_NAMES)} ${oneWord(LAST_NAMES, 5).slice(0, 3)}` }))],
    ["place", many(() => q({ location: pick(CITIES) }))],
    ["place, 1 typo", many(() => q({ location: typo(oneWord(CITIES, 5)) }))],
    ["skill", many(() => `/api/profiles/posts?skills=${encodeURIComponent(pick(SKILL_OPTIONS))}`)],
    ["name + place + skill", many(() => q({ userName: pick(FIRST_NAMES), location: pick(PROVINCES), skills: pick(SKILL_OPTIONS) }))],
    ["available on (date, Morning)", many(() => q({ userName: pick(FIRST_NAMES), date: date(), slot: "Morning" }))],
  ];
}
