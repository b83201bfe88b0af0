import { describe, expect, it } from "vitest";
import { foldWord, queryWords, splitWords, typoAllowance, wordMatch } from "../src/profiles/search-words.js";

/* The words of a listing and of a query, and when one matches the other (decisions.md "Search"). */

describe("the words of a text", () => {
  it("are runs of letters or of digits, folded to lower case without accents", () => {
    expect(splitWords("Las Piñas City").map(foldWord)).toEqual(["las", "pinas", "city"]);
    expect(splitWords("maria_santos92")).toEqual(["maria", "santos", "92"]);
    expect(splitWords("Dela Cruz-Reyes (Jr.)")).toEqual(["Dela", "Cruz", "Reyes", "Jr"]);
    expect(splitWords("José Ángel Ürsula").map(foldWord)).toEqual(["jose", "angel", "ursula"]);
    expect(splitWords("%_\\")).toEqual([]);
  });

  it("count at most five in a query field, each once", () => {
    expect(queryWords("Ana ana ANA")).toEqual(["ana"]);
    expect(queryWords("a b c d e f g")).toEqual(["a", "b", "c", "d", "e"]);
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

  it("gives numbers no typos", () => {
    expect(wordMatch("1234", "1235", false)).toBeNull();
    expect(wordMatch("12", "1234", true)).toEqual({ typos: 0, exact: false, length: 2 });
  });
});
