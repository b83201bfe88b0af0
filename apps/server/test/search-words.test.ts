import { describe, expect, it } from "vitest";
import { foldWord, queryWords, splitWords, typoAllowance, typos, typosWithin, wordMatch } from "../src/profiles/search-words.js";

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

  it("counts typos as the optimal string alignment does whenever they are within the allowance (the Levenshtein shortcut)", () => {
    // Words one to four edits apart, swaps among them: the shortcut answers exactly within the allowance, and above it never within.
    let seed = 13;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const letters = "aeilmnorsu";
    const edit = (word: string) => {
      const at = Math.floor(random() * word.length);
      const kind = Math.floor(random() * 4);
      const letter = letters[Math.floor(random() * letters.length)]!;
      if (kind === 0) return word.slice(0, at) + letter + word.slice(at);
      if (kind === 1 && word.length > 1) return word.slice(0, at) + word.slice(at + 1);
      if (kind === 2) return word.slice(0, at) + letter + word.slice(at + 1);
      const i = Math.min(at, word.length - 2);
      return i < 0 ? word : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    };
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const a = Array.from({ length: 4 + Math.floor(random() * 8) }, () => letters[Math.floor(random() * letters.length)]).join("");
      let b = a;
      for (let e = 1 + Math.floor(random() * 4); e > 0; e--) b = edit(b);
      const exact = typos(a, b);
      for (const allowance of [1, 2]) {
        const quick = typosWithin(a, b, allowance);
        if (exact <= allowance) expect(quick, `${a} ${b}`).toBe(exact);
        else expect(quick, `${a} ${b}`).toBeGreaterThan(allowance);
      }
      seen.add(exact);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining([0, 1, 2, 3, 4]));
  });

  it("gives numbers no typos", () => {
    expect(wordMatch("1234", "1235", false)).toBeNull();
    expect(wordMatch("12", "1234", true)).toEqual({ typos: 0, exact: false, length: 2 });
  });
});
