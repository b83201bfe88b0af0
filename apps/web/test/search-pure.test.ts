import { MSG, formatLongDate } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { highlightParts } from "../src/features/profiles/Highlighted";
import { isFiltered, searchFromUrl, searchQuery } from "../src/features/search/profile-search";
import { noResultsMessage } from "../src/features/profiles/no-results";
import { comboboxKey } from "../src/features/search/combobox-keys";

describe("the combobox's keys (WAI-ARIA 1.2 combobox, list autocomplete)", () => {
  it("opens the list on the first option with ArrowDown and on the last with ArrowUp", () => {
    expect(comboboxKey("ArrowDown", false, -1, 3)).toEqual({ open: true, active: 0 });
    expect(comboboxKey("ArrowUp", false, -1, 3)).toEqual({ open: true, active: 2 });
  });

  it("moves through an open list, wrapping at both ends", () => {
    expect(comboboxKey("ArrowDown", true, -1, 3)).toEqual({ open: true, active: 0 });
    expect(comboboxKey("ArrowDown", true, 0, 3)).toEqual({ open: true, active: 1 });
    expect(comboboxKey("ArrowDown", true, 2, 3)).toEqual({ open: true, active: 0 });
    expect(comboboxKey("ArrowUp", true, 1, 3)).toEqual({ open: true, active: 0 });
    expect(comboboxKey("ArrowUp", true, 0, 3)).toEqual({ open: true, active: 2 });
    expect(comboboxKey("ArrowUp", true, -1, 3)).toEqual({ open: true, active: 2 });
  });

  it("picks the active option with Enter, and leaves Enter to the form otherwise", () => {
    expect(comboboxKey("Enter", true, 1, 3)).toEqual({ pick: 1 });
    expect(comboboxKey("Enter", true, -1, 3)).toBeNull();
    expect(comboboxKey("Enter", false, -1, 3)).toBeNull();
  });

  it("closes an open list with Escape", () => {
    expect(comboboxKey("Escape", true, 1, 3)).toEqual({ open: false, active: -1 });
    expect(comboboxKey("Escape", false, -1, 3)).toBeNull();
  });

  it("leaves every key to the input when there is nothing to suggest, and other keys always", () => {
    for (const key of ["ArrowDown", "ArrowUp", "Enter", "Escape"]) expect(comboboxKey(key, false, -1, 0)).toBeNull();
    for (const key of ["a", "Home", "End", "Tab", " "]) expect(comboboxKey(key, true, 0, 3)).toBeNull();
  });
});

describe("the profile search in the URL", () => {
  it("reads every criterion, skills repeated, slot only with a date", () => {
    const params = new URLSearchParams("userName=%20Maria%20&location=&skills=SEO&skills=Writing&skills=SEO&skills=&date=2026-11-25&slot=Morning");
    expect(searchFromUrl(params)).toEqual({
      userName: "Maria",
      location: undefined,
      skills: ["SEO", "Writing"],
      date: "2026-11-25",
      slot: "Morning",
    });
    expect(searchFromUrl(new URLSearchParams("slot=Morning")).slot).toBeUndefined();
    expect(searchFromUrl(new URLSearchParams("date=2026-11-25&slot=Evening")).slot).toBeUndefined();
  });

  it("writes only what is present, skills repeated, and the cursor last", () => {
    const search = { userName: "Maria", skills: ["SEO", "Writing"], date: "2026-11-25", slot: "Afternoon" as const };
    expect(searchQuery(search).toString()).toBe("userName=Maria&skills=SEO&skills=Writing&date=2026-11-25&slot=Afternoon");
    expect(searchQuery({ skills: [] }, "abc").toString()).toBe("cursor=abc");
    expect(searchQuery({ skills: [] }).toString()).toBe("");
  });

  it("counts skills and a date as a search", () => {
    expect(isFiltered({ skills: [] })).toBe(false);
    expect(isFiltered({ skills: ["SEO"] })).toBe(true);
    expect(isFiltered({ skills: [], date: "2026-11-25" })).toBe(true);
  });

  it("names the first criterion present when nothing is found (the spec's texts)", () => {
    expect(noResultsMessage({ userName: "Zed", location: "Atlantis", skills: ["SEO"] })).toBe('No users found with the name "Zed"');
    expect(noResultsMessage({ location: "Atlantis", skills: ["SEO"] })).toBe('No users found in location "Atlantis"');
    expect(noResultsMessage({ skills: ["Plumbing"] })).toBe('No users found with the skill "Plumbing"');
    expect(noResultsMessage({ skills: [], date: "2026-11-30" })).toBe("No profiles found");
  });

  it("says a weekend 'available on' date is why nothing is found, whatever else was asked", () => {
    // 2026-11-28 and 29 are a Saturday and a Sunday: nobody works then.
    expect(noResultsMessage({ skills: ["SEO"], date: "2026-11-28" })).toBe(MSG.searchWeekend(formatLongDate("2026-11-28")));
    expect(noResultsMessage({ userName: "Zed", skills: [], date: "2026-11-29", slot: "Afternoon" })).toBe(
      MSG.searchWeekend(formatLongDate("2026-11-29")),
    );
    expect(MSG.searchWeekend(formatLongDate("2026-11-28"))).toContain("Saturday, November 28, 2026");
  });
});

const marked = (text: string, matches: { word: string; length: number }[]) =>
  highlightParts(text, matches)
    .map((part) => (part.marked ? `[${part.text}]` : part.text))
    .join("");

describe("what a card marks of a search's matches", () => {
  it("marks the first `length` letters of each word that a match names, whatever its case", () => {
    expect(marked("Gabriel Ocampo", [{ word: "gabriel", length: 7 }])).toBe("[Gabriel] Ocampo");
    expect(marked("Maria Santos", [{ word: "santos", length: 3 }])).toBe("Maria [San]tos");
    expect(
      marked("Quezon City, Metro Manila", [
        { word: "quezon", length: 6 },
        { word: "city", length: 4 },
      ]),
    ).toBe("[Quezon] [City], Metro Manila");
  });

  it("matches folded letters (ñ, accents) and marks every occurrence of the word", () => {
    expect(marked("Las Piñas, Metro Manila", [{ word: "pinas", length: 3 }])).toBe("Las [Piñ]as, Metro Manila");
    expect(marked("Ana Ana", [{ word: "ana", length: 3 }])).toBe("[Ana] [Ana]");
  });

  it("marks nothing inside a longer word, nor without matches", () => {
    expect(marked("Mariano Marias", [{ word: "maria", length: 5 }])).toBe("Mariano Marias");
    expect(marked("Maria Santos", [])).toBe("Maria Santos");
    expect(highlightParts("", [{ word: "maria", length: 5 }])).toEqual([]);
  });

  it("never marks past the word", () => {
    expect(marked("Bea Lim", [{ word: "bea", length: 9 }])).toBe("[Bea] Lim");
  });
});
