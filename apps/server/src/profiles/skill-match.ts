import { distance } from "fastest-levenshtein";
import { SKILL_OPTIONS } from "@vam/shared";

/**
 * The listed skills a typed skill means: case-insensitive, by prefix ("mark" → Marketing), or
 * within one typo per four letters ("Writting" → Writing). Skills come from a fixed list, so
 * matching here lets the database use a plain array index.
 */
export function matchSkills(query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return SKILL_OPTIONS.filter((skill) => {
    const s = skill.toLowerCase();
    if (s === q || (q.length >= 3 && s.startsWith(q))) return true;
    return q.length >= 4 && distance(s, q) <= Math.floor(q.length / 4);
  });
}
