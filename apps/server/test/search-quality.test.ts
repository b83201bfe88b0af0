import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProfilePage } from "@vam/shared";
import { profiles, users } from "../src/db/schema.js";
import { typoAllowance, typos } from "../src/profiles/search-words.js";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "../../../scripts/bench/ph-vocabulary.js";
import { seeded } from "../../../scripts/bench/seeded.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/*
 * Search quality, measured (issue 13): a fixed data set of Assistants named and placed from a
 * realistic vocabulary, and queries made by applying known typos to the names and places of
 * chosen Assistants. Recall: the intended Assistant is found at all (must be 100 % within the
 * allowance). Rank: where it is listed (top 3 for at least 95 % of queries). The figures are
 * printed for docs/benchmarks.md.
 */

const LISTINGS = 1500;
const QUERIES = 300;

/** Seeded: the same data set and queries on every run. */
const { next, pick } = seeded(13);
const LETTERS = "abcdefghijklmnoprstuvwy";

type Typo = "insert" | "delete" | "replace" | "swap";

/** One typo of `kind` at a random place inside the word (never the first letter's case only). */
function applyTypo(word: string, kind: Typo): string {
  const at = 1 + Math.floor(next() * (word.length - 1));
  const letter = pick([...LETTERS].filter((l) => l !== word[at]?.toLowerCase()));
  switch (kind) {
    case "insert":
      return word.slice(0, at) + letter + word.slice(at);
    case "delete":
      return word.slice(0, at) + word.slice(at + 1);
    case "replace":
      return word.slice(0, at) + letter + word.slice(at + 1);
    case "swap": {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** The word with as many typos as its length allows (1 for 4-7 letters, 2 for 8+), staying within the allowance. */
function misspell(word: string): { text: string; typos: number } | null {
  const lower = word.toLowerCase();
  const allowed = typoAllowance(lower.length);
  if (allowed === 0 || !/^[a-z]+$/.test(lower)) return null;
  for (let attempt = 0; attempt < 20; attempt++) {
    let text = lower;
    for (let n = 0; n < allowed; n++) text = applyTypo(text, pick<Typo>(["insert", "delete", "replace", "swap"]));
    const count = typos(text, lower);
    // Within the allowance of what was typed (a deletion can make the word shorter than 4 or 8).
    if (count > 0 && count <= typoAllowance(text.length)) return { text, typos: count };
  }
  return null;
}

interface Person {
  id: string;
  first: string;
  last: string;
  city: string;
}

let server: TestServer;
const people: Person[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const rows = Array.from({ length: LISTINGS }, (_, n) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const city = pick(CITIES);
    return {
      username: `${first}${last}${n}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
      email: `va${n}@quality.example`,
      passwordHash: "x",
      firstName: first,
      lastName: last,
      role: "Assistant" as const,
      location: `${city}, ${pick(PROVINCES)}`,
      skills: ["Writing"],
      experience: "1-3 years",
      availability: "Full-time",
      salaryRate: 1250,
      referralCode: `Q${n}`,
    };
  });
  const inserted = await server.database.db.insert(users).values(rows).returning({ id: users.id });
  await server.database.db.insert(profiles).values(inserted.map((row, n) => ({ userId: row.id, title: `${rows[n]!.firstName} Profile` })));
  // Written past the API: the database logged the new listings; the server's index reads the log.
  await server.app.searchIndex.refresh();
  inserted.forEach((row, n) =>
    people.push({ id: row.id, first: rows[n]!.firstName, last: rows[n]!.lastName, city: rows[n]!.location.split(",")[0]! }),
  );
}, 120_000);
afterAll(() => server?.close());

/** Where the listing of `userId` is in the results (1-based), paging up to 5 pages of 24; null when not found. */
async function rankOf(query: Record<string, string>, userId: string): Promise<number | null> {
  let cursor: string | null = null;
  let seen = 0;
  for (let page = 0; page < 5; page++) {
    const params: URLSearchParams = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const { body }: { body: ProfilePage } = await server.api<ProfilePage>("GET", `/api/profiles/posts?${params}`);
    const at = body.items.findIndex((item) => item.userId === userId);
    if (at >= 0) return seen + at + 1;
    seen += body.items.length;
    cursor = body.nextCursor;
    if (!cursor) return null;
  }
  return null;
}

describe("search quality on a fixed data set", () => {
  it("finds the intended Assistant for every query within the typo allowance, in the top 3 for at least 95 %", async () => {
    const kinds = new Map<string, { queries: number; found: number; top3: number; ranks: number[] }>();
    const misses: string[] = [];
    let made = 0;
    while (made < QUERIES) {
      const person = pick(people);
      const kind = pick(["first name misspelt", "last name misspelt", "both misspelt", "last name cut short", "place misspelt"] as const);
      const firstTypo = misspell(person.first);
      const lastTypo = misspell(person.last);
      const cityTypo = misspell(person.city);
      let query: Record<string, string> | null = null;
      if (kind === "first name misspelt" && firstTypo) query = { userName: `${firstTypo.text} ${person.last}` };
      if (kind === "last name misspelt" && lastTypo) query = { userName: `${person.first} ${lastTypo.text}` };
      if (kind === "both misspelt" && firstTypo && lastTypo) query = { userName: `${firstTypo.text} ${lastTypo.text}` };
      if (kind === "last name cut short" && person.last.length >= 5 && !person.last.includes(" "))
        query = { userName: `${person.first} ${person.last.slice(0, 3 + Math.floor(next() * (person.last.length - 4)))}` };
      if (kind === "place misspelt" && cityTypo && !person.city.includes(" ")) query = { userName: person.first, location: cityTypo.text };
      if (!query) continue;
      made += 1;
      const rank = await rankOf(query, person.id);
      const tally = kinds.get(kind) ?? { queries: 0, found: 0, top3: 0, ranks: [] };
      kinds.set(kind, tally);
      tally.queries += 1;
      if (rank === null) misses.push(`${JSON.stringify(query)} for ${person.first} ${person.last}, ${person.city}`);
      else {
        tally.found += 1;
        tally.ranks.push(rank);
        if (rank <= 3) tally.top3 += 1;
      }
    }

    const all = [...kinds.values()];
    const sum = (key: "queries" | "found" | "top3") => all.reduce((total, tally) => total + tally[key], 0);
    const ranks = all.flatMap((tally) => tally.ranks);
    const share = (count: number, of: number) => `${((100 * count) / of).toFixed(1)} %`;
    const lines = [...kinds].map(
      ([kind, t]) => `| ${kind} | ${t.queries} | ${share(t.found, t.queries)} | ${share(t.top3, t.queries)} | ${Math.max(...t.ranks, 0)} |`,
    );
    console.log(
      [
        `Search quality: ${LISTINGS} listings, ${made} queries`,
        "| query | queries | recall | top 3 | worst rank |",
        "| --- | ---: | ---: | ---: | ---: |",
        ...lines,
        `| all | ${made} | ${share(sum("found"), made)} | ${share(sum("top3"), made)} | ${Math.max(...ranks)} |`,
        `rank 1: ${share(ranks.filter((r) => r === 1).length, made)}, 2-3: ${share(ranks.filter((r) => r > 1 && r <= 3).length, made)}, 4-10: ${share(ranks.filter((r) => r > 3 && r <= 10).length, made)}, later: ${share(ranks.filter((r) => r > 10).length, made)}`,
      ].join("\n"),
    );
    expect(misses).toEqual([]);
    expect(sum("top3") / made).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
