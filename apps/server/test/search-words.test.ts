import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./helpers/database.js";
import { deletions, foldWord, splitWords, typoAllowance, wordMatch } from "../src/profiles/search-words.js";

/* The database (migration 0006) and the server fold, split and delete letters by one rule. */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("the words of a text", () => {
  it.each(["Las Piñas City", "  ÑAGA, Cebú  ", "maria_santos92", "Dela Cruz-Reyes (Jr.)", "José Ángel Ürsula", "%_\\"])(
    "are the same in the database for %j",
    async (text) => {
      const inDatabase = await rows<{ word: string; display: string }>(sql`select word, display from search_tokens(${text})`);
      expect(inDatabase).toEqual(splitWords(text).map((display) => ({ word: foldWord(display), display })));
    },
  );

  it.each(["ana", "joan", "rosario", "macaraeg", "ab"])("have the same typo keys for %j", async (word) => {
    const count = word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2;
    const inDatabase = await rows<{ key: string }>(sql`select d as key from search_deletes(${word}, search_key_deletes(${word})) as d`);
    expect(inDatabase.map((row) => row.key).sort()).toEqual(deletions(word, count).sort());
  });
});

describe("a word match", () => {
  it("allows no typo up to 3 letters, one up to 7, two from 8", () => {
    expect([3, 4, 7, 8, 12].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
  });

  it("counts a swap of neighbours as one typo", () => {
    expect(wordMatch("garbiel", "gabriel", false)).toEqual({ typos: 1, exact: false, length: 7 });
    expect(wordMatch("mria", "maria", false)).toEqual({ typos: 1, exact: false, length: 5 });
    expect(wordMatch("cty", "city", false)).toBeNull();
  });

  it("takes a prefix only where allowed, and tells how much of the word it covers", () => {
    expect(wordMatch("mar", "maria", true)).toEqual({ typos: 0, exact: false, length: 3 });
    expect(wordMatch("mar", "maria", false)).toBeNull();
  });
});
