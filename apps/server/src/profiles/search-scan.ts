/*
 * The search index's word table and the scan that reads it (decision 0014), with the buffers
 * the scan reuses: search-index.ts owns them and answers `SearchIndex.scan`; no other module
 * sets, reads or zeroes them. Also the one way a match's score is written as a number.
 */

/** Where a listing's word comes from: its first or last name, its username, its place. */
export const FIELD = { name: 0, username: 1, place: 2 } as const;
export type Field = (typeof FIELD)[keyof typeof FIELD];
export const FIELDS: readonly Field[] = [FIELD.name, FIELD.username, FIELD.place];

/** Slots `list[from]` up to (not including) `list[to]`: listings read as one stretch of an array. */
export interface Run {
  readonly list: ArrayLike<number>;
  readonly from: number;
  readonly to: number;
}

/**
 * The listings' words as numbers, for a search to read without touching the listings' objects
 * (decision 0014: a scan is bound by memory reads, and 100,000 listing objects spread over the
 * heap cost a cache miss each). The listing in slot `s` holds the words
 * `words[starts[s]] … words[starts[s] + counts[s] - 1]`, each its vocabulary id × 4 + its field.
 * A search runs without pausing, so the arrays do not change under it; they may be replaced by
 * the next change.
 */
export interface Layout {
  readonly words: Int32Array;
  readonly starts: Int32Array;
  readonly counts: Int32Array;
}

/** A word entry of the layout: vocabulary id and field, and back. */
export const wordEntry = (id: number, field: Field) => id * 4 + field;
export const entryId = (entry: number) => entry >>> 2;
export const entryField = (entry: number) => (entry & 3) as Field;

/** A bit set as 32-bit words: bit `i` set, and tested. */
export const setBit = (bits: Uint32Array, i: number) => {
  bits[i >>> 5] = bits[i >>> 5]! | (1 << (i & 31));
};
export const hasBit = (bits: Uint32Array, i: number) => ((bits[i >>> 5]! >>> (i & 31)) & 1) === 1;

/*
 * The scan's set-up and clean-up loops are small functions of their own, called from plain
 * loops, not callbacks of `map` and `forEach` inside `scan`: measured 5 to 9 % faster on the
 * shapes of several words (decision 0052).
 */

/** The bits of a run's slots set. */
function setRun(bits: Uint32Array, { list, from, to }: Run): void {
  for (let p = from; p < to; p++) setBit(bits, list[p]!);
}

/** Zeroes the words of `bits` holding a run's slots. */
function clearRun(bits: Uint32Array, { list, from, to }: Run): void {
  for (let p = from; p < to; p++) bits[list[p]! >>> 5] = 0;
}

/** Writes a query word's scores plus one into `table` by vocabulary id (the best of an id's), and its ids' bits into `any`: the ids written first, to be zeroed. */
function fillTable(table: Int16Array, any: Uint32Array, word: ScanWord): number[] {
  const written: number[] = [];
  for (let i = 0; i < word.ids.length; i++) {
    const id = word.ids[i]!;
    const value = word.scores[i]! + 1;
    setBit(any, id);
    if (table[id] === 0) written.push(id);
    else if (table[id]! <= value) continue;
    table[id] = value;
  }
  return written;
}

const newBits = (length: number) => new Uint32Array(length);
const newTable = (length: number) => new Int16Array(length);

/** The zeroed array kept at `store[at]`, replaced by one twice `length` when shorter (the index grew). */
export function reused<T extends Int16Array | Uint32Array>(store: T[], at: number, length: number, make: (length: number) => T): T {
  let array = store[at];
  if (!array || array.length < length) store[at] = array = make(Math.max(64, length * 2));
  return array;
}

/**
 * How well a listing holds a query word, or all of them, as one number, lower is better: words
 * not matched exactly, then typos, then matches in a username. The score of several words is
 * the sum of theirs (at most 10 words of 2 typos: no part reaches the next). A username match
 * adds 1, which the scan relies on (see `Scanner.scan`).
 */
export const score = (notExact: number, typos: number, username: number) => notExact * 10_000 + typos * 100 + username;

/** A score's parts, back. */
export const scoreParts = (packed: number) => ({
  notExact: Math.floor(packed / 10_000),
  typos: Math.floor(packed / 100) % 100,
  username: packed % 100,
});

/** Above any word's score: no match. */
export const NO_SCORE = score(10, 0, 0);

/** A query word as the scan looks it up: by vocabulary id, in some fields. */
export interface ScanWord {
  /** Vocabulary ids it matches, with the score of each (`scores[i]` for `ids[i]`) in a name or place; the best counts. */
  readonly ids: readonly number[];
  readonly scores: readonly number[];
  /** The fields it is looked up in, a bit by field number. */
  readonly fields: number;
  /** Listings holding it at `score` whatever their words (a prefix completed in a username), or null. */
  readonly also: { readonly run: Run; readonly score: number } | null;
}

/** A way of holding the driving word: the scan reads its listings. */
export interface ScanDriver {
  /** The best score a listing first reached through it can have. */
  readonly score: number;
  /** Whether each of its runs is in rank order (the first listing at `score` the page refuses ends it). */
  readonly ranked: boolean;
  /** Its listings. */
  runs(): Run[];
}

/** What a scan looks for: every listing of the drivers that holds all the words. */
export interface ScanQuery {
  readonly words: readonly ScanWord[];
  readonly drivers: readonly ScanDriver[];
  /** The listings of some other words (each a list of runs): a listing missing from one is passed over unread. */
  readonly holders: readonly (readonly Run[])[];
  /** The skills filter, a bit per slot (`SearchIndex.withSkills`); null for none. */
  readonly skills: Uint32Array | null;
}

/** Where a scan's listings go: the page being filled. */
export interface ScanPage {
  /** Whether no listing at best `score` can make the page any more (its driver is skipped). */
  closed(score: number): boolean;
  /** A listing holding every word, with its score: false when the page is full and it does not make it. */
  offer(slot: number, score: number): boolean;
}

/** The scan, with the buffers it reuses: one per index (a search runs without pausing). */
export class Scanner {
  /** By query word position, a table by vocabulary id: its score plus one (0: no match). */
  private readonly tables: Int16Array[] = [];
  /** A bit per vocabulary id: which ids any table holds. */
  private readonly idSets: Uint32Array[] = [];
  /** Bits per slot: the listings visited, the holders', the `also` runs'. */
  private readonly slotSets: Uint32Array[] = [];

  /**
   * Every listing of the drivers' runs, once, that holds every word and passes the skills
   * filter, offered to `page` with its score: the other words' holders tested first (a bit
   * each), then the listing's words read as numbers from the word table, and its object never.
   * `slots` and `ids` are the index's counts of slots and vocabulary ids. Leaves every buffer
   * zeroed.
   */
  scan(layout: Layout, slots: number, ids: number, query: ScanQuery, page: ScanPage): void {
    const slotWords = (slots >>> 5) + 1;
    const any = reused(this.idSets, 0, (ids >>> 5) + 1, newBits);
    const lookups: Int16Array[] = [];
    const written: number[][] = [];
    const fields: number[] = [];
    for (let t = 0; t < query.words.length; t++) {
      const table = reused(this.tables, t, ids, newTable);
      written.push(fillTable(table, any, query.words[t]!));
      lookups.push(table);
      fields.push(query.words[t]!.fields);
    }
    const visited = reused(this.slotSets, 0, slotWords, newBits);
    const holders: Uint32Array[] = [];
    for (let h = 0; h < query.holders.length; h++) {
      const bits = reused(this.slotSets, h + 1, slotWords, newBits);
      for (const run of query.holders[h]!) setRun(bits, run);
      holders.push(bits);
    }
    const also: (Uint32Array | null)[] = [];
    for (let t = 0; t < query.words.length; t++) {
      const word = query.words[t]!;
      if (word.also === null) also.push(null);
      else {
        const bits = reused(this.slotSets, holders.length + 1 + t, slotWords, newBits);
        setRun(bits, word.also.run);
        also.push(bits);
      }
    }
    const alsoScores: number[] = [];
    for (const word of query.words) alsoScores.push(word.also?.score ?? NO_SCORE);
    const { words, starts, counts } = layout;
    const { skills } = query;
    const best = new Int32Array(lookups.length);
    try {
      for (const driver of query.drivers) {
        if (page.closed(driver.score)) continue;
        for (const { list, from, to } of driver.runs()) {
          scan: for (let p = from; p < to; p++) {
            const slot = list[p]!;
            const at = slot >>> 5;
            const bit = 1 << (slot & 31);
            if ((visited[at]! & bit) !== 0) continue;
            visited[at] = visited[at]! | bit;
            for (let h = 0; h < holders.length; h++) if ((holders[h]![at]! & bit) === 0) continue scan;
            if (skills !== null && (skills[at]! & bit) === 0) continue;
            best.fill(NO_SCORE);
            for (let k = starts[slot]!, end = k + counts[slot]!; k < end; k++) {
              const entry = words[k]!;
              const id = entryId(entry);
              if (!hasBit(any, id)) continue;
              const field = entryField(entry);
              for (let t = 0; t < lookups.length; t++) {
                if (((fields[t]! >> field) & 1) === 0) continue;
                const value = lookups[t]![id]!;
                if (value === 0) continue;
                // The table holds the score in a name or place plus one: in a username, that is the score (a username adds 1).
                const code = field === FIELD.username ? value : value - 1;
                if (code < best[t]!) best[t] = code;
              }
            }
            for (let t = 0; t < also.length; t++) {
              const bits = also[t]!;
              if (bits !== null && best[t]! > alsoScores[t]! && (bits[at]! & bit) !== 0) best[t] = alsoScores[t]!;
            }
            let sum = 0;
            for (let t = 0; t < best.length; t++) {
              if (best[t] === NO_SCORE) continue scan;
              sum += best[t]!;
            }
            if (!page.offer(slot, sum) && driver.ranked && sum <= driver.score) break;
          }
        }
      }
    } finally {
      for (let t = 0; t < lookups.length; t++) {
        const table = lookups[t]!;
        for (const id of written[t]!) {
          table[id] = 0;
          any[id >>> 5] = 0;
        }
      }
      visited.fill(0);
      for (const bits of holders) bits.fill(0);
      for (let t = 0; t < also.length; t++) {
        const bits = also[t];
        if (bits) clearRun(bits, query.words[t]!.also!.run);
      }
    }
  }
}
