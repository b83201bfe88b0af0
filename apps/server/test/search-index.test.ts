import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { profilePageSchema, type ProfilePost } from "@vam/shared";
import { FIELD, rankOrder, SearchIndex, type Doc, type ListingRecord } from "../src/profiles/search-index.js";
import { score, scoreParts, type Field, type ScanDriver, type ScanQuery, type ScanWord } from "../src/profiles/search-scan.js";
import { pageJson, type SearchPage } from "../src/profiles/search.js";
import { choicesOf, EVERYONE, rankByRank, rankedListings, scoredListings, type Filter } from "../src/profiles/search-rank.js";
import { resolve, type QueryWord } from "../src/profiles/search-resolve.js";
import { wordMatch } from "../src/profiles/search-words.js";
import { readSnapshot, writeSnapshot } from "../src/profiles/search-snapshot.js";
import { TypoKeys, keyDeletes } from "../src/profiles/typo-keys.js";

/*
 * The in-memory index (decision 0014) without a server: typo candidates are exact, the index
 * kept by changes equals one loaded at once, and ranking rank by rank (with its early stop)
 * gives the same pages as scoring every listing.
 */

/** Seeded, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

const LETTERS = "abdeilmnorstuy";
const { next, pick } = random(14);
const word = (min: number, max: number) => Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => pick([...LETTERS])).join("");
function typo(text: string): string {
  const at = Math.floor(next() * text.length);
  const kind = pick(["insert", "delete", "replace", "swap"] as const);
  if (kind === "insert") return text.slice(0, at) + pick([...LETTERS]) + text.slice(at);
  if (kind === "delete") return text.slice(0, at) + text.slice(at + 1);
  if (kind === "replace") return text.slice(0, at) + pick([...LETTERS]) + text.slice(at + 1);
  const i = Math.min(at, text.length - 2);
  return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
}

describe("typo keys", () => {
  it("find every vocabulary word within the allowance of a query, also words filed one by one and merged", () => {
    const vocabulary = [...new Set(Array.from({ length: 3000 }, () => word(3, 11)))];
    const keys = new TypoKeys();
    const half = Math.floor(vocabulary.length / 2);
    keys.build(vocabulary.slice(0, half).map((w, id) => ({ id, word: w })));
    // The rest one at a time: through the pending keys, merged into the sorted ones as they grow.
    vocabulary.slice(half).forEach((w, i) => keys.add(half + i, w));
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const query = next() < 0.5 ? typo(pick(vocabulary)) : typo(typo(pick(vocabulary)));
      if (query.length < 4) continue;
      const allowance = query.length <= 7 ? 1 : 2;
      const expected = vocabulary.filter((w) => wordMatch(query, w, false)).sort();
      const found = [...keys.candidates(query, allowance)].map((id) => vocabulary[id]!).filter((w) => wordMatch(query, w, false));
      expect([...new Set(found)].sort(), query).toEqual(expected);
      checked += expected.length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("file no keys for numbers and words of 1-2 letters", () => {
    expect([keyDeletes("12345"), keyDeletes("ab"), keyDeletes("abc"), keyDeletes("abcdef")]).toEqual([0, 0, 1, 2]);
  });
});

const FIRST = Array.from({ length: 40 }, () => word(3, 9));
const LAST = Array.from({ length: 30 }, () => word(4, 10));
const PLACES = Array.from({ length: 12 }, () => `${word(4, 8)} ${pick(["city", "town", ""])}`.trim());

let counter = 0;
function listing(overrides: Partial<ProfilePost> = {}): ListingRecord {
  counter += 1;
  const hex = counter.toString(16).padStart(12, "0");
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  // A few listings share one instant, so that ties fall to the id.
  const second = String(Math.floor(counter / 3) % 60).padStart(2, "0");
  const listedAt = `2026-0${1 + (counter % 9)}-1${counter % 10}T10:00:${second}.${String(counter % 7).padStart(6, "0")}Z`;
  return {
    listedAt,
    card: {
      id: `00000000-0000-4000-8000-${hex}`,
      userId: `10000000-0000-4000-8000-${hex}`,
      title: `${firstName} ${lastName} Profile`,
      username: `${firstName}${lastName}${counter % 5}`,
      firstName,
      lastName,
      avatar: null,
      role: "Assistant",
      location: pick(PLACES),
      skills: [pick(["SEO", "Writing", "Marketing"])],
      salaryRate: 1250,
      experience: "1-3 years",
      availability: "Full-time",
      bio: null,
      rating: next() < 0.4 ? Math.round(30 + next() * 20) / 10 : null,
      reviewCount: 0,
      responseTime: "Within 24 hours",
      createdAt: listedAt,
      updatedAt: listedAt,
      memberSince: listedAt,
      ...overrides,
    },
  };
}

describe("the index", () => {
  it("kept by one change after another equals the index loaded at once", () => {
    const kept = new SearchIndex();
    const current = new Map<string, ListingRecord>();
    for (let i = 0; i < 600; i++) {
      const roll = next();
      const existing = [...current.values()];
      if (roll < 0.6 || existing.length === 0) {
        const record = listing();
        current.set(record.card.userId, record);
        kept.upsert(record);
      } else if (roll < 0.85) {
        // A changed name, place or rating.
        const old = pick(existing);
        const changed = {
          ...old,
          card: {
            ...old.card,
            firstName: pick(FIRST),
            location: pick(PLACES),
            rating: next() < 0.5 ? 4.5 : null,
            skills: [pick(["SEO", "Writing", "Marketing"])],
          },
        };
        current.set(old.card.userId, changed);
        kept.upsert(changed);
      } else {
        const gone = pick(existing);
        current.delete(gone.card.userId);
        kept.remove(gone.card.userId);
      }
    }
    const loaded = new SearchIndex();
    loaded.load(current.values());
    expect(kept.snapshot()).toEqual(loaded.snapshot());
    expect(kept.size).toBe(current.size);
  });

  it("applies a batch of changes at once as one change after another would, and goes on changing the same way (decision 0051)", () => {
    const batched = new SearchIndex();
    const current = new Map<string, ListingRecord>();
    const first = Array.from({ length: 300 }, () => listing());
    for (const record of first) current.set(record.card.userId, record);
    batched.load(first);
    for (const size of [150, 5, 60]) {
      // New listings, edits of names, usernames, places and ratings, and removals, each user once.
      const changes = new Map<string, ListingRecord | null>();
      const existing = [...current.values()];
      for (let i = 0; i < size; i++) {
        const roll = next();
        if (roll < 0.4) {
          const record = listing();
          changes.set(record.card.userId, record);
        } else if (roll < 0.75) {
          const old = pick(existing);
          changes.set(old.card.userId, {
            ...old,
            card: { ...old.card, firstName: pick(FIRST), username: `${pick(LAST)}${i}`, location: pick(PLACES), rating: next() < 0.5 ? 4.5 : null },
          });
        } else changes.set(pick(existing).card.userId, null);
      }
      for (const [userId, record] of changes) {
        if (record) current.set(userId, record);
        else current.delete(userId);
      }
      batched.applyChanges(changes);
      const loaded = new SearchIndex();
      loaded.load(current.values());
      expect(batched.snapshot()).toEqual(loaded.snapshot());
      expect(batched.size).toBe(current.size);
    }
    // Then one change at a time, on the lists the batch rebuilt.
    for (let i = 0; i < 50; i++) {
      const record = listing();
      current.set(record.card.userId, record);
      batched.upsert(record);
      const gone = [...current.keys()][i * 3]!;
      current.delete(gone);
      batched.remove(gone);
    }
    const loaded = new SearchIndex();
    loaded.load(current.values());
    expect(batched.snapshot()).toEqual(loaded.snapshot());
  });

  it("written to its snapshot and put back from it (decision 0051), is the same index, and changes the same way after", async () => {
    const kept = new SearchIndex();
    const current = new Map<string, ListingRecord>();
    /** A round of changes, applied to each index given: new listings (some with held time), edits, removals. */
    const change = (indexes: SearchIndex[], rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        const roll = next();
        const existing = [...current.values()];
        let record: ListingRecord | undefined;
        if (roll < 0.55 || existing.length === 0) {
          record = listing({ skills: [pick(["SEO", "Writing", "Marketing"]), "Ñoño ✓ 日本"] });
          if (next() < 0.3)
            record = {
              ...record,
              held: {
                ranges: [1_800_000_000_000, 1_800_003_600_000],
                blocks: [{ from: "2026-12-01", to: "2026-12-02", slot: null }],
                holidaysOff: true,
                holidaysKept: ["2026-12-25"],
              },
            };
        } else if (roll < 0.8) {
          const old = pick(existing);
          record = { ...old, card: { ...old.card, lastName: pick(LAST), location: `${pick(PLACES)} Piñas`, rating: next() < 0.5 ? 4.5 : null } };
        }
        if (record) {
          current.set(record.card.userId, record);
          for (const index of indexes) index.upsert(record);
        } else {
          const gone = pick(existing);
          current.delete(gone.card.userId);
          for (const index of indexes) index.remove(gone.card.userId);
        }
      }
    };
    kept.load(Array.from({ length: 300 }, () => listing()).map((record) => (current.set(record.card.userId, record), record)));
    // Changes after the load: free slots, typo keys waiting to be merged, listings out of slot order.
    change([kept], 400);
    for (const gone of [...current.keys()].slice(0, 5)) {
      current.delete(gone);
      kept.remove(gone);
    }
    const dir = await mkdtemp(path.join(tmpdir(), "vam-index-image-"));
    try {
      const image = await kept.image();
      expect(image.image.typo.pending.length).toBeGreaterThan(0);
      expect(image.image.freeSlots.length).toBeGreaterThan(0);
      await writeSnapshot(dir, { database: "db", xmin: "1", takenAt: 1000 }, image);
      const read = await readSnapshot(dir, { database: "db", dbNow: 2000, maxAgeMs: 60_000 });
      if (!("image" in read)) throw new Error(read.reason);
      const restored = new SearchIndex();
      restored.restore(read.image, read.doc);
      expect(restored.snapshot()).toEqual(kept.snapshot());
      // Slot for slot: the next changes reuse the same free slots and grow the same arrays.
      const slots = (index: SearchIndex) => [...current.keys()].map((userId) => index.doc(userId)?.slot);
      expect(slots(restored)).toEqual(slots(kept));
      change([kept, restored], 400);
      expect(restored.snapshot()).toEqual(kept.snapshot());
      expect(slots(restored)).toEqual(slots(kept));
      const loaded = new SearchIndex();
      loaded.load(current.values());
      expect(restored.snapshot()).toEqual(loaded.snapshot());
      // Typo keys of words filed since the last merge as well as merged ones.
      expect((await kept.image()).image.typo.pending.length).toBeGreaterThan(0);
      const candidates = (index: SearchIndex, query: string) =>
        index
          .typoCandidates(query, 2)
          .map((term) => term.word)
          .sort();
      for (const record of current.values()) {
        const query = typo(record.card.username.toLowerCase());
        expect(candidates(restored, query), query).toEqual(candidates(kept, query));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("loaded at once in any order, with listing times of any width, keeps every posting list in rank order (decision 0029)", () => {
    // Some listing times not in the fixed-width form: the load then orders by the text, as rankOrder does.
    const records = Array.from({ length: 400 }, (_, i) => {
      const record = listing();
      return i % 7 === 0 ? { ...record, listedAt: record.listedAt.replace(/\.\d+Z$/, "Z") } : record;
    });
    const kept = new SearchIndex();
    for (const record of records) kept.upsert(record);
    for (const order of [records, [...records].reverse()]) {
      const loaded = new SearchIndex();
      loaded.load(order);
      expect(loaded.snapshot()).toEqual(kept.snapshot());
      for (const { word } of loaded.snapshot().terms) {
        const term = loaded.get(word)!;
        for (const list of term.postings) {
          const docs = list.map((slot) => loaded.docAt(slot));
          for (let k = 1; k < docs.length; k++) expect(rankOrder(docs[k - 1]!, docs[k]!)).toBeLessThan(0);
        }
      }
    }
  });

  it("ranks rank by rank, and by scoring, exactly as the rules applied to every listing, page after page", () => {
    const index = new SearchIndex();
    index.load(Array.from({ length: 2500 }, () => listing()));
    // Each filter as the search gives it (skills as bits by slot, "free" on the listing), and as the rules say it.
    const filters = filtersOf(index);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const names = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
        const source = pick([...FIRST, ...LAST]);
        const roll = next();
        return roll < 0.4 ? source : roll < 0.8 ? typo(source) : source.slice(0, 2 + Math.floor(next() * 3));
      });
      const words: QueryWord[] = names.map((text, pos) => ({ text, place: false, prefix: pos === names.length - 1 }));
      if (next() < 0.3) words.push({ text: pick(PLACES).split(" ")[0]!, place: true, prefix: true });
      const [filter, rule] = pick(filters);
      const resolved = resolve(index, words);
      const positions = choicesOf(resolved);
      let after: Parameters<typeof rankedListings>[3];
      for (let page = 0; page < 4; page++) {
        const expected = reference(index, words, rule, after, 7);
        const label = JSON.stringify({ words, page, rule: rule.name });
        const ids = (hits: { doc: Doc; rank: unknown }[]) => hits.map((hit) => [hit.doc.listingId, hit.rank]);
        expect(ids(rankedListings(index, resolved, filter, after, 7)), label).toEqual(ids(expected));
        expect(ids(scoredListings(index, resolved, positions, filter, after, 7)), label).toEqual(ids(expected));
        const byRank = rankByRank(index, positions, filter, after, 7);
        if (byRank) expect(ids(byRank), label).toEqual(ids(expected));
        compared += expected.length;
        const last = expected[expected.length - 1];
        if (expected.length < 7 || !last) break;
        after = { ...last.rank, rating: last.doc.rating, listedAt: last.doc.listedAt, id: last.doc.listingId };
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe("the index, on names that are near one another", () => {
  // Many listings share each word, and most words are a typo or a prefix of another: pages fill
  // at every rank, and a listing often holds a better and a worse match of one query word.
  const first = ["maria", "mario", "marie", "mariah", "marla", "mara", "jose", "josie"];
  const last = ["santos", "santo", "santas", "cruz", "cruzz", "reyes", "reyez", "reye"];
  const places = ["san jose city", "san juan", "santa rosa", "jose town", "santos city"];

  it("ranks every page by scoring exactly as the rules applied to every listing", () => {
    const index = new SearchIndex();
    index.load(
      Array.from({ length: 1500 }, () => {
        const [firstName, lastName] = [pick(first), pick(last)];
        // Some hold two first names: a better and a worse match of one word.
        const record = listing({ firstName: next() < 0.3 ? `${firstName} ${pick(first)}` : firstName, lastName, location: pick(places) });
        return record;
      }),
    );
    const filters = filtersOf(index);
    let compared = 0;
    for (let i = 0; i < 150; i++) {
      const texts = [pick(first), pick(last)].map((text) => (next() < 0.3 ? typo(text) : text));
      const words: QueryWord[] = texts.map((text, pos) => ({ text, place: false, prefix: pos === texts.length - 1 && next() < 0.5 }));
      if (next() < 0.4) words.push({ text: pick(places).split(" ")[0]!, place: true, prefix: next() < 0.5 });
      compared += scoredPagesMatch(index, words, pick(filters), 6);
    }
    expect(compared).toBeGreaterThan(3000);
  });
});

describe("the index, on a prefix that only usernames complete", () => {
  // Usernames are read as one run in word order, not rank order (SearchIndex.usernamesCompleting):
  // a page must still hold the best-ranked listings, whatever their usernames' order.
  it("ranks every page by scoring exactly as the rules applied to every listing", () => {
    const index = new SearchIndex();
    const records = Array.from({ length: 400 }, () =>
      listing({ firstName: pick(["ana", "ben"]), lastName: pick(["cruz", "lim"]), username: `zen${word(1, 4)}${Math.floor(next() * 10)}` }),
    );
    index.load(records.slice(0, 300));
    // The rest one at a time: the runs kept by changes, as well as loaded.
    for (const record of records.slice(300)) index.upsert(record);
    let compared = 0;
    for (const texts of [["zen"], ["zena"], ["cruz", "zen"], ["ana", "ze"], ["zen", "lim"]]) {
      const words: QueryWord[] = texts.map((text, pos) => ({ text, place: false, prefix: pos === texts.length - 1 }));
      for (const filter of filtersOf(index)) compared += scoredPagesMatch(index, words, filter, 8);
    }
    expect(compared).toBeGreaterThan(500);
  });
});

/**
 * Pages of 7, up to `pages` of them, scored as the search scores them, each equal to the rules'
 * page (`reference`): how many listings were compared.
 */
function scoredPagesMatch(index: SearchIndex, words: QueryWord[], [filter, rule]: [Filter, (doc: Doc) => boolean], pages: number): number {
  const resolved = resolve(index, words);
  const positions = choicesOf(resolved);
  let compared = 0;
  let after: Parameters<typeof rankedListings>[3];
  for (let page = 0; page < pages; page++) {
    const expected = reference(index, words, rule, after, 7);
    const ids = (hits: { doc: Doc; rank: unknown }[]) => hits.map((hit) => [hit.doc.listingId, hit.rank]);
    expect(ids(scoredListings(index, resolved, positions, filter, after, 7)), JSON.stringify({ words, page })).toEqual(ids(expected));
    compared += expected.length;
    const last = expected[expected.length - 1];
    if (expected.length < 7 || !last) break;
    after = { ...last.rank, rating: last.doc.rating, listedAt: last.doc.listedAt, id: last.doc.listingId };
  }
  return compared;
}

/**
 * Filters as the search builds them (decision 0014: skills as bits by slot, tested before the
 * listing is read), each with the rule it stands for, tested on the listing itself.
 */
function filtersOf(index: SearchIndex): [Filter, (doc: Doc) => boolean][] {
  const seo = index.withSkills([["SEO"]]).slice();
  const seoOrWriting = index.withSkills([["SEO", "Writing"]]).slice();
  const rated = (doc: Doc) => doc.rating >= 0;
  return [
    [
      EVERYONE,
      function everyone() {
        return true;
      },
    ],
    [
      EVERYONE,
      function everyone() {
        return true;
      },
    ],
    [
      { skills: seo, free: null },
      function seoOnly(doc: Doc) {
        return doc.skills.includes("SEO");
      },
    ],
    [
      { skills: seoOrWriting, free: rated },
      function seoOrWritingRated(doc: Doc) {
        return (doc.skills.includes("SEO") || doc.skills.includes("Writing")) && doc.rating >= 0;
      },
    ],
  ];
}

/** decisions.md "Search" applied to every listing, word by word, with nothing of the index's machinery but its listings. */
function reference(index: SearchIndex, words: QueryWord[], filter: (doc: Doc) => boolean, after: Parameters<typeof rankedListings>[3], need: number) {
  const hits: { doc: Doc; rank: { exact: number; typos: number; username: number } }[] = [];
  for (const doc of index.listings()) {
    let rank: { exact: number; typos: number; username: number } | undefined = { exact: 0, typos: 0, username: 0 };
    for (const word of words) {
      let best: [exact: number, typos: number, username: number] | undefined;
      for (const field of word.place ? [FIELD.place] : [FIELD.name, FIELD.username]) {
        for (const held of doc.words[field]) {
          const match = wordMatch(word.text, held, word.prefix);
          if (!match) continue;
          const option: [number, number, number] = [match.exact ? 1 : 0, match.typos, field === FIELD.username ? 1 : 0];
          if (!best || option[0] > best[0] || (option[0] === best[0] && (option[1] < best[1] || (option[1] === best[1] && option[2] < best[2]))))
            best = option;
        }
      }
      if (!best) {
        rank = undefined;
        break;
      }
      rank.exact += best[0];
      rank.typos += best[1];
      rank.username += best[2];
    }
    if (rank && filter(doc)) hits.push({ doc, rank });
  }
  const order = (a: (typeof hits)[number], b: { doc: Parameters<typeof rankOrder>[0]; rank: (typeof hits)[number]["rank"] }) =>
    b.rank.exact - a.rank.exact || a.rank.typos - b.rank.typos || a.rank.username - b.rank.username || rankOrder(a.doc, b.doc);
  const cursor = after && { rank: after, doc: { rating: after.rating, listedAt: after.listedAt, listingId: after.id } };
  return hits
    .filter((hit) => !cursor || order(hit, cursor) > 0)
    .sort(order)
    .slice(0, need);
}

describe("a page as the API answers it", () => {
  it("is the cards with their matches, as the schema encodes them, assembled as text", () => {
    const index = new SearchIndex();
    const tricky = listing({ firstName: 'Ma"ría', lastName: "Dela\\Cruz", bio: "Line one\nline two 🌴 <b>", location: "Las Piñas, Metro Manila" });
    const records = [tricky, listing(), listing()];
    index.load(records);
    const docs = records.map((record) => index.doc(record.card.userId)!);
    const cardOf = (doc: Doc) => records.find((record) => record.card.userId === doc.userId)!.card;
    const page: SearchPage = {
      items: [
        {
          doc: docs[0]!,
          matches: [
            { field: "name", word: "maria", length: 3 },
            { field: "location", word: "pinas", length: 5 },
          ],
        },
        { doc: docs[1]!, matches: [] },
        { doc: docs[2]!, matches: [{ field: "name", word: "x9", length: 2 }] },
      ],
      nextCursor: "abc",
      ignoredWords: ['"quoted"'],
    };
    const parsed = JSON.parse(pageJson(page));
    expect(parsed).toEqual(
      profilePageSchema.encode({
        items: page.items.map(({ doc, matches }) => ({ ...cardOf(doc), matches })),
        nextCursor: "abc",
        ignoredWords: ['"quoted"'],
      }),
    );
    expect(parsed.items[0].firstName).toBe('Ma"ría');
  });
});

describe("the index's questions", () => {
  // Made before its tests run, after every other test: the listings drawn at random elsewhere stay the same.
  const index = new SearchIndex();
  let maria: Doc;
  let ana: Doc;
  beforeAll(() => {
    const records = [
      listing({ firstName: "Maria", lastName: "Santos", username: "mariasantos1", location: "Quezon City", skills: ["SEO"] }),
      listing({ firstName: "Mario", lastName: "Reyes", username: "marioreyes", location: "Makati", skills: ["SEO"] }),
      listing({ firstName: "Ana", lastName: "Cruz", username: "anacruz", location: "Quezon City", skills: ["Writing"] }),
      listing({ firstName: "Jose", lastName: "Rizal", username: "joserizal", location: "Calamba", skills: ["SEO"] }),
    ];
    index.load(records);
    index.remove(records[3]!.card.userId);
    maria = index.doc(records[0]!.card.userId)!;
    ana = index.doc(records[2]!.card.userId)!;
  });
  const words = (terms: { word: string }[]) => terms.map((term) => term.word);

  it("has and gets the words listings hold, not those no listing holds any more", () => {
    expect(index.has("maria")).toBe(true);
    expect(index.get("maria")?.word).toBe("maria");
    expect(index.has("jose")).toBe(false);
    expect(index.get("jose")).toBeUndefined();
    expect(index.has("nobody")).toBe(false);
  });

  it("lists a prefix's words in one field, itself included, in word order, only those in use there", () => {
    expect(words(index.atPrefix("mari", FIELD.name))).toEqual(["maria", "mario"]);
    expect(words(index.atPrefix("mari", FIELD.username))).toEqual(["mariasantos", "marioreyes"]);
    expect(words(index.atPrefix("maria", FIELD.name))).toEqual(["maria"]);
    expect(words(index.atPrefix("quezon", FIELD.name))).toEqual([]);
    expect(words(index.atPrefix("jo", FIELD.name))).toEqual([]);
  });

  /** The listings a scan offers, with their scores. */
  function scanned(query: Omit<ScanQuery, "skills"> & { skills?: Uint32Array | null }) {
    const offered: [string, number][] = [];
    index.scan(
      { skills: null, ...query },
      { closed: () => false, offer: (slot, score) => (offered.push([index.docAt(slot).listingId, score]), true) },
    );
    return offered;
  }
  const word = (text: string, field: Field, packed: number): ScanWord => ({
    ids: [index.get(text)!.id],
    scores: [packed],
    fields: 1 << field,
    also: null,
  });
  const driver = (text: string, field: Field, packed: number): ScanDriver => ({
    score: packed,
    ranked: true,
    runs: () => [{ list: index.get(text)!.postings[field], from: 0, to: index.get(text)!.postings[field].length }],
  });

  it("scans the drivers' listings holding every word, with their scores, and leaves its buffers clean for the next scan", () => {
    const quezon = { words: [word("quezon", FIELD.place, 0)], drivers: [driver("quezon", FIELD.place, 0)], holders: [] };
    const both = [maria.listingId, ana.listingId].sort();
    expect(
      scanned(quezon)
        .map(([id]) => id)
        .sort(),
    ).toEqual(both);
    // The same scan again: nothing is left marked as visited.
    expect(
      scanned(quezon)
        .map(([id]) => id)
        .sort(),
    ).toEqual(both);
    // Two words, the other one's listings as holders: only the listing holding both, the scores summed.
    expect(
      scanned({
        words: [word("quezon", FIELD.place, 0), word("maria", FIELD.name, score(0, 1, 0))],
        drivers: [driver("quezon", FIELD.place, 0)],
        holders: [[{ list: index.get("maria")!.postings[FIELD.name], from: 0, to: 1 }]],
      }),
    ).toEqual([[maria.listingId, score(0, 1, 0)]]);
    // A match in a username adds 1 to the word's score.
    expect(
      scanned({ words: [word("mariasantos", FIELD.username, score(1, 0, 0))], drivers: [driver("mariasantos", FIELD.username, 0)], holders: [] }),
    ).toEqual([[maria.listingId, score(1, 0, 1)]]);
    // The skills filter.
    expect(scanned({ ...quezon, skills: index.withSkills([["SEO"]]) })).toEqual([[maria.listingId, 0]]);
    // A word the listing does not hold: not offered, though it is read.
    expect(scanned({ words: [word("ana", FIELD.name, 0)], drivers: [driver("quezon", FIELD.place, 0)], holders: [] })).toEqual([[ana.listingId, 0]]);
  });

  it("packs a score so that a sum of scores is the score of the sums, and back", () => {
    expect(score(1, 2, 1) + score(0, 1, 1)).toBe(score(1, 3, 2));
    expect(scoreParts(score(3, 7, 2))).toEqual({ notExact: 3, typos: 7, username: 2 });
    expect(score(0, 2, 1)).toBeLessThan(score(1, 0, 0));
  });
});
