import { z } from "zod";
import {
  SLOTS,
  SLOT_HOURS,
  bookingHorizonEnd,
  coversSlot,
  isWeekend,
  manilaDate,
  manilaInstant,
  profileCursorSchema,
  type ProfileSearch,
  type SearchMatch,
} from "@vam/shared";
import { isRegularHoliday } from "../time-off/holidays.js";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import {
  entryField,
  entryId,
  FIELD,
  hasBit,
  listingOrder,
  lowerBound,
  rankOrder,
  setBit,
  type Doc,
  type Field,
  type Run,
  type SearchIndex,
  type Term,
} from "./search-index.js";
import { matchSkills } from "./skill-match.js";
import { allowanceOf, typedQueryWords, wordMatch } from "./search-words.js";

/*
 * Profile search (decisions.md "Search", decisions 0013 and 0014), computed from this
 * instance's in-memory index. Without name or place words: the listings newest first. With
 * them: each query word is resolved against the vocabulary (equal, prefix for the last word of
 * a field, typo keys), then the listings holding a match for every word are ranked and paged
 * by keyset over the rank. Nothing here asks the database: "available on" reads the held time
 * each listing carries in the index (decision 0015).
 */

/** A word of the query: which field it searches, and whether it may be a prefix (the last word of its field). */
export interface QueryWord {
  text: string;
  /** The word as typed (ignored words are quoted so); `text` is it folded. Absent for words not from a search's fields. */
  typed?: string;
  place: boolean;
  prefix: boolean;
}

/** How a listing word matches a query word. */
interface Match {
  typos: number;
  exact: boolean;
  /** How much of the listing word the highlight marks (the typed part of a prefix). */
  length: number;
}

/**
 * A query word resolved against the vocabulary: the words equal to it or within its typo
 * allowance, listed; and, for the last word of a field, the prefix it completes. A prefix such
 * as "jo" covers thousands of words, so they are not listed: a listing word's match is a test,
 * and the words are looked up only if their listings are read.
 */
export class Resolved {
  private usernames: Run | undefined;
  /** By field: the completions with listings there, and how many listings that is. */
  private readonly byField: ({ terms: Term[]; uses: number } | undefined)[] = [undefined, undefined, undefined];

  constructor(
    private readonly index: SearchIndex,
    readonly word: QueryWord,
    readonly listed: Map<string, Match & { term: Term }>,
    readonly prefix: string | undefined,
  ) {}

  /** The longer words the prefix completes (none without a prefix) with listings in `field`, and how many listings that is: looked up on first use. */
  completionsIn(field: Field): { terms: Term[]; uses: number } {
    let found = this.byField[field];
    if (found === undefined) {
      const terms: Term[] = [];
      let uses = 0;
      // Sorted by word: the prefix itself, if a word, comes first (it is listed, as an equal word).
      const words = this.prefix === undefined ? [] : this.index.termsStartingWith(this.prefix, field);
      for (let i = words[0]?.word === this.prefix ? 1 : 0; i < words.length; i++) {
        const term = words[i]!;
        const count = term.uses[field];
        if (count <= 0) continue;
        terms.push(term);
        uses += count;
      }
      found = this.byField[field] = { terms, uses };
    }
    return found;
  }

  /** Whether completionsIn(field) is known without looking words up. */
  counted(field: Field): boolean {
    return this.byField[field] !== undefined;
  }

  /** The listings holding a username word the prefix completes, as one range (`SearchIndex.usernamesCompleting`). */
  usernameRun(): Run {
    return (this.usernames ??= this.prefix === undefined ? NO_RUN : this.index.usernamesCompleting(this.prefix));
  }
}

/** What a ranked page's cursor holds: the last listing's rank, and how many query words were ignored. */
const rankedCursorSchema = z.strictObject({
  exact: z.number().int(),
  typos: z.number().int(),
  username: z.number().int(),
  rating: z.number(),
  /** To the microsecond, as the database wrote it (a Date would lose them, and with them ties). */
  listedAt: z.iso.datetime(),
  id: z.uuid(),
  ignored: z.number().int().min(0).max(10),
});
type RankedCursor = z.infer<typeof rankedCursorSchema>;

/** How a listing holds a query word: exactly or not, with how many typos, in a username (else a name or the place). */
interface Option {
  exact: boolean;
  typos: number;
  username: boolean;
}

/** A listing field and the words that give one option at one position. */
interface Choice {
  pos: number;
  option: Option;
  field: Field;
  /** Whether a listing word is one of them. */
  has(word: string): boolean;
  /** Them (a prefix's looked up on first use). */
  terms(): Term[];
  /** Listings holding one of them there, counted on first use: the smallest choice drives the query. */
  uses(): number;
  /** Whether uses() is known without looking words up. */
  counted(): boolean;
  /** Their listings, as stretches of slots: each in rank order when `ranked`. */
  runs(): Run[];
  readonly ranked: boolean;
}

const NO_RUN: Run = { list: [], from: 0, to: 0 };
/** A word's listings in a field, in rank order, as a run. */
const postingsRun = (term: Term, field: Field): Run => ({ list: term.postings[field], from: 0, to: term.postings[field].length });

/** Rank of a listing's match over all words: more exact, fewer typos, fewer username matches. */
interface Rank {
  exact: number;
  typos: number;
  username: number;
}

/** Who may be listed after the skills and "available on" filters. */
export interface Filter {
  /** The listings holding the skills asked for, a bit per slot (`SearchIndex.withSkills`); null when none are asked for. */
  readonly skills: Uint32Array | null;
  /** Whether the listing is free when asked ("available on"); null when not asked. */
  readonly free: ((doc: Doc) => boolean) | null;
}

export const EVERYONE: Filter = { skills: null, free: null };

/** The skills filter, by slot: tested before the listing is read. */
const skillsAllow = (filter: Filter, slot: number) => filter.skills === null || hasBit(filter.skills, slot);
const allows = (filter: Filter, doc: Doc) => skillsAllow(filter, doc.slot) && (filter.free === null || filter.free(doc));

const compareOptions = (a: Option, b: Option) => Number(b.exact) - Number(a.exact) || a.typos - b.typos || Number(a.username) - Number(b.username);
const compareRanks = (a: Rank, b: Rank) => b.exact - a.exact || a.typos - b.typos || a.username - b.username;

/** Above this many ways of holding all the words, rank by rank gives way to scoring (it serves one-word queries, with a handful). */
const MAX_COMBINATIONS = 256;

/** A page of the search: the listings with what they matched, as `profilePageSchema` describes it. */
export interface SearchPage {
  items: { doc: Doc; matches: SearchMatch[] }[];
  nextCursor: string | null;
  ignoredWords: string[];
}

const EMPTY: SearchPage = { items: [], nextCursor: null, ignoredWords: [] };

/**
 * The page as the API answers it (`profilePageSchema`): each card as encoded when it was
 * filed, with its matches. Assembled as text, so that a page costs no encoding of 20 cards.
 */
export function pageJson(page: SearchPage): string {
  let items = "";
  for (let i = 0; i < page.items.length; i++) {
    const { doc, matches } = page.items[i]!;
    let list = "";
    for (let m = 0; m < matches.length; m++) list += (m > 0 ? "," : "") + matchJson(matches[m]!);
    items += `${i > 0 ? "," : ""}${doc.json},"matches":[${list}]}`;
  }
  return `{"items":[${items}],"nextCursor":${JSON.stringify(page.nextCursor)},"ignoredWords":${JSON.stringify(page.ignoredWords)}}`;
}

/** A match as `JSON.stringify` writes it (the same keys in the same order), without its generic walk: 2 µs a card. */
const matchJson = (match: SearchMatch) => `{"field":${JSON.stringify(match.field)},"word":${JSON.stringify(match.word)},"length":${match.length}}`;

const PLACE_FIELDS: readonly Field[] = [FIELD.place];
const NAME_FIELDS: readonly Field[] = [FIELD.name, FIELD.username];
const fieldsOf = (word: QueryWord): readonly Field[] => (word.place ? PLACE_FIELDS : NAME_FIELDS);

/** The vocabulary words each query word matches, checked against the allowance. */
export function resolve(index: SearchIndex, words: QueryWord[]): Resolved[] {
  return words.map((word) => {
    const fields = fieldsOf(word);
    const prefix = word.prefix ? word.text : undefined;
    const listed = new Map<string, Match & { term: Term }>();
    const exact = index.term(word.text);
    const allowance = allowanceOf(word.text);
    const candidates = allowance > 0 ? index.typoCandidates(word.text, allowance) : [];
    if (exact) candidates.unshift(exact);
    for (const term of candidates) {
      if (listed.has(term.word) || (prefix !== undefined && completes(prefix, term.word))) continue;
      if (!fields.some((field) => term.uses[field] > 0)) continue;
      const match = wordMatch(word.text, term.word, false);
      if (match) listed.set(term.word, { term, ...match });
    }
    return new Resolved(index, word, listed, prefix);
  });
}

/** `word` is a longer word starting with `prefix`. */
const completes = (prefix: string, word: string) => word.length > prefix.length && word.startsWith(prefix);

/** How a listing word matches a resolved query word, if it does. */
export function matchOf(resolved: Resolved, word: string): Match | undefined {
  const listed = resolved.listed.get(word);
  if (listed) return listed;
  if (resolved.prefix !== undefined && completes(resolved.prefix, word)) return { typos: 0, exact: false, length: resolved.prefix.length };
  return undefined;
}

/** Per position, the ways its words can be held, best first. */
export function choicesOf(resolved: Resolved[]): Choice[][] {
  return resolved.map((position, pos) => {
    const { word, listed, prefix } = position;
    const choices: Choice[] = [];
    for (const match of listed.values()) {
      for (const field of fieldsOf(word)) {
        const uses = match.term.uses[field];
        if (uses <= 0) continue;
        const option = { exact: match.exact, typos: match.typos, username: field === FIELD.username };
        const group = choices.find(
          (c): c is ListedChoice => c instanceof ListedChoice && c.field === field && compareOptions(c.option, option) === 0,
        );
        if (group) group.add(match.term, uses);
        else choices.push(new ListedChoice(pos, option, field, match.term, uses));
      }
    }
    if (prefix !== undefined) for (const field of fieldsOf(word)) choices.push(new PrefixChoice(pos, field, position, prefix));
    return choices.sort((a, b) => compareOptions(a.option, b.option));
  });
}

/** Words listed by the vocabulary look-up (equal, or within the allowance) that give one option in one field. */
class ListedChoice implements Choice {
  private readonly words: Set<string>;
  private readonly listedTerms: Term[];

  constructor(
    readonly pos: number,
    readonly option: Option,
    readonly field: Field,
    term: Term,
    private listings: number,
  ) {
    this.words = new Set([term.word]);
    this.listedTerms = [term];
  }

  add(term: Term, uses: number): void {
    this.listedTerms.push(term);
    this.words.add(term.word);
    this.listings += uses;
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  terms(): Term[] {
    return this.listedTerms;
  }

  uses(): number {
    return this.listings;
  }

  counted(): boolean {
    return true;
  }

  readonly ranked = true;

  runs(): Run[] {
    return this.listedTerms.map((term) => postingsRun(term, this.field));
  }
}

/**
 * The longer words a prefix completes, in one field: tested by the prefix, their listings
 * counted on first use. In usernames, their listings are one range (`Resolved.usernameRun`),
 * counted and read without looking the words up; rank by rank still reads them word by word.
 */
class PrefixChoice implements Choice {
  readonly option: Option;
  readonly ranked: boolean;

  constructor(
    readonly pos: number,
    readonly field: Field,
    private readonly resolved: Resolved,
    private readonly prefix: string,
  ) {
    this.option = { exact: false, typos: 0, username: field === FIELD.username };
    this.ranked = field !== FIELD.username;
  }

  runs(): Run[] {
    return this.ranked ? this.terms().map((term) => postingsRun(term, this.field)) : [this.resolved.usernameRun()];
  }

  has(word: string): boolean {
    return completes(this.prefix, word);
  }

  terms(): Term[] {
    return this.resolved.completionsIn(this.field).terms;
  }

  uses(): number {
    if (this.ranked) return this.resolved.completionsIn(this.field).uses;
    const { from, to } = this.resolved.usernameRun();
    return to - from;
  }

  counted(): boolean {
    return !this.ranked || this.resolved.counted(this.field);
  }
}

/** Every way of holding all the words (one choice per position), grouped by rank, best rank first; null when there are too many. */
function combinations(positions: Choice[][]): { rank: Rank; combos: Choice[][] }[] | null {
  if (positions.reduce((count, choices) => count * choices.length, 1) > MAX_COMBINATIONS) return null;
  let combos: Choice[][] = [[]];
  for (const position of positions) combos = combos.flatMap((combo) => position.map((choice) => [...combo, choice]));
  const groups: { rank: Rank; combos: Choice[][] }[] = [];
  for (const combo of combos) {
    const rank = rankOf(combo.map((choice) => choice.option));
    const group = groups.find((g) => compareRanks(g.rank, rank) === 0);
    if (group) group.combos.push(combo);
    else groups.push({ rank, combos: [combo] });
  }
  return groups.sort((a, b) => compareRanks(a.rank, b.rank));
}

function rankOf(options: Option[]): Rank {
  return {
    exact: options.filter((option) => option.exact).length,
    typos: options.reduce((sum, option) => sum + option.typos, 0),
    username: options.filter((option) => option.username).length,
  };
}

const holds = (doc: Doc, choice: Choice) => doc.words[choice.field].some((word) => choice.has(word));

/** The listing holds this combination's words, and no better match for any word (it is listed under that better rank instead). */
function qualifies(doc: Doc, combo: Choice[], positions: Choice[][], driver: Choice): boolean {
  for (const choice of combo) {
    if (choice !== driver && !holds(doc, choice)) return false;
    for (const better of positions[choice.pos]!) {
      if (compareOptions(better.option, choice.option) >= 0) break;
      if (holds(doc, better)) return false;
    }
  }
  return true;
}

/** A ranked listing. */
interface Hit {
  doc: Doc;
  rank: Rank;
}

/**
 * The choice whose listings are read: the rarest. A prefix's listings are counted only when
 * nothing else can drive (its words are many; another word's listings are checked for it cheaply).
 */
function driverOf(combo: Choice[]): Choice {
  const known = combo.filter((choice) => choice.counted());
  return (known.length > 0 ? known : combo).reduce((rarest, choice) => (choice.uses() < rarest.uses() ? choice : rarest));
}

/** Where a rank's listings start after the cursor: past the cursor's listing in rank order. */
const afterKey = (after: RankedCursor) => ({ rating: after.rating, listedAt: after.listedAt, listingId: after.id });

/**
 * Up to `need` listings of one rank, in rank order: each combination's rarest choice is read
 * from its words' posting lists (each in rank order, merged), and each listing is checked to
 * hold the rest. Stops as soon as the page is full.
 */
function rankListings(
  index: SearchIndex,
  group: { rank: Rank; combos: Choice[][] },
  positions: Choice[][],
  filter: Filter,
  after: RankedCursor | undefined,
  need: number,
  budget: { visits: number },
) {
  interface Stream {
    list: number[];
    at: number;
    combo: Choice[];
    driver: Choice;
  }
  const streams: Stream[] = [];
  const start = after && afterKey(after);
  for (const combo of group.combos) {
    const driver = driverOf(combo);
    for (const term of driver.terms()) {
      const list = term.postings[driver.field];
      // Strictly after the cursor's listing: rankOrder(doc, key) > 0.
      const at = start ? index.lowerBoundIn(list, start, (doc, key) => (rankOrder(doc, key) <= 0 ? -1 : 1)) : 0;
      if (at < list.length) streams.push({ list, at, combo, driver });
    }
  }
  // A heap of the streams by their next listing: the merge comes out in rank order.
  const before = (a: Stream, b: Stream) => rankOrder(index.docAt(a.list[a.at]!), index.docAt(b.list[b.at]!)) < 0;
  const heap = new MinHeap(streams, before);
  const found: Hit[] = [];
  const taken = new Set<Doc>();
  while (found.length < need && heap.size > 0) {
    if (--budget.visits < 0) break;
    const stream = heap.peek();
    const slot = stream.list[stream.at]!;
    stream.at += 1;
    if (stream.at < stream.list.length) heap.replaceTop(stream);
    else heap.pop();
    if (!skillsAllow(filter, slot)) continue;
    const doc = index.docAt(slot);
    if (taken.has(doc) || !qualifies(doc, stream.combo, positions, stream.driver) || (filter.free !== null && !filter.free(doc))) continue;
    taken.add(doc);
    found.push({ doc, rank: group.rank });
  }
  return found;
}

/*
 * A match's option as one number, lower is better: exact (0xx) before not (1xx), then typos
 * (x0x, x1x, x2x), then name or place (xx0) before username (xx1). A listing's rank over all
 * words as one number the same way: words not exact, then typos, then username matches.
 */
const NO_MATCH = 1000;
const optionCode = (option: Option) => (option.exact ? 0 : 100) + option.typos * 10 + (option.username ? 1 : 0);
const rankCode = (rank: Rank, words: number) => (words - rank.exact) * 10_000 + rank.typos * 100 + rank.username;

/**
 * A query word's matches as a table by vocabulary id: its option code in a name or place, plus
 * one (0: no match); the words a prefix completes are written in too. `clear` zeroes it again.
 */
function tableOf(index: SearchIndex, position: Resolved, pos: number) {
  const table = index.scratch(pos);
  const any = index.scratchBits();
  const written: number[] = [];
  const put = (id: number, code: number) => {
    setBit(any, id);
    if (table[id] === 0) written.push(id);
    else if (table[id]! <= code + 1) return;
    table[id] = code + 1;
  };
  for (const match of position.listed.values()) put(match.term.id, optionCode({ exact: match.exact, typos: match.typos, username: false }));
  const fields = fieldsOf(position.word);
  // A prefix's completions, but in usernames: those are read as their listings (`prefixBits`).
  if (position.prefix !== undefined)
    for (const field of fields) if (field !== FIELD.username) for (const term of position.completionsIn(field).terms) put(term.id, 100);
  return {
    table,
    /** The fields it is looked up in, as bits by field number. */
    fields: fields.reduce<number>((bits, field) => bits | (1 << field), 0),
    clear: () => {
      for (const id of written) {
        table[id] = 0;
        any[id >>> 5] = 0;
      }
    },
  };
}

/** A prefix completed in a username: not exact, no typos, a username. */
const USERNAME_PREFIX = optionCode({ exact: false, typos: 0, username: true });

/**
 * The listings whose username holds a word a name position's prefix completes, a bit per slot
 * (set `number`); null when none does. The caller zeroes them again (`clearRun`).
 */
function prefixBits(index: SearchIndex, position: Resolved, number: number): { bits: Uint32Array; run: Run } | null {
  if (position.prefix === undefined || position.word.place) return null;
  const run = position.usernameRun();
  if (run.from === run.to) return null;
  const bits = index.slotBits(number);
  for (let p = run.from; p < run.to; p++) setBit(bits, run.list[p]!);
  return { bits, run };
}

/** Zeroes the bits `run`'s slots were set in. */
function clearRun(bits: Uint32Array, { list, from, to }: Run): void {
  for (let p = from; p < to; p++) bits[list[p]! >>> 5] = 0;
}

/** Found listings, the worst on top: a page's worth is kept. */
interface Found {
  doc: Doc;
  code: number;
}
const worse = (a: Found, b: Found) => a.code - b.code || rankOrder(a.doc, b.doc);

/** A word's listings are set as bits when their lists are at most this many times as long as the driver's (one bit each, against one listing read). */
const HOLDERS_FACTOR = 8;

/**
 * Ranks by scoring, in one pass over the listings of the word held by the fewest: each
 * listing's best match of every word, looked up by vocabulary id, keeping the best `need`.
 * For queries of several words, whose listings holding all of them are few: rank by rank
 * would read the same lists once a rank.
 */
export function scoredListings(
  index: SearchIndex,
  resolved: Resolved[],
  positions: Choice[][],
  filter: Filter,
  after: RankedCursor | undefined,
  need: number,
): Hit[] {
  const totals = positions.map((choices) => choices.reduce((sum, choice) => sum + choice.uses(), 0));
  const driverAt = totals.indexOf(Math.min(...totals));
  const driver = positions[driverAt]!;
  const tables = resolved.map((position, pos) => tableOf(index, position, pos));
  const afterCode = after && rankCode(after, resolved.length);
  const afterDoc = after && afterKey(after);
  const kept = new MinHeap<Found>([], (a, b) => worse(a, b) > 0);
  // The listings holding each other word, as one bit per slot, where their lists are not many
  // times longer than the driver's: a listing missing one is passed over without reading it.
  // A bit set of 100,000 listings is 12.5 KB, in the processor's nearest cache.
  const visited = index.slotBits(0);
  const holders: Uint32Array[] = [];
  positions.forEach((choices, pos) => {
    if (pos === driverAt || totals[pos]! > HOLDERS_FACTOR * totals[driverAt]!) return;
    const bits = index.slotBits(holders.length + 1);
    for (const choice of choices) for (const { list, from, to } of choice.runs()) for (let p = from; p < to; p++) setBit(bits, list[p]!);
    holders.push(bits);
  });
  // A name position's prefix completed in a username, by slot (bit sets numbered after the holders').
  const prefixed = resolved.map((position, pos) => prefixBits(index, position, positions.length + pos));
  // Then a listing's words are read as numbers from the word table (search-index.ts, Layout),
  // and its object only once it matches. A word no query word matches is passed over by one bit.
  const { words, starts, counts } = index.wordTable();
  const any = index.scratchBits();
  const lookups = tables.map(({ table }) => table);
  const fields = tables.map((table) => table.fields);
  const best = new Int32Array(tables.length);
  const { skills, free } = filter;
  try {
    for (const choice of driver) {
      // The best code a listing first reached through this choice can have. In a list in rank
      // order, once the page is full, a listing at this code that does not make it ends the list.
      // (One that also holds a better word of the driver's position is in that word's list: read
      // there already, or after where that list ended, so not on the page either.)
      const bound = rankCode({ exact: choice.option.exact ? 1 : 0, typos: choice.option.typos, username: choice.option.username ? 1 : 0 }, 1);
      if (kept.size >= need && kept.peek().code < bound) continue;
      for (const { list, from, to } of choice.runs()) {
        scan: for (let p = from; p < to; p++) {
          const slot = list[p]!;
          const at = slot >>> 5;
          const bit = 1 << (slot & 31);
          if ((visited[at]! & bit) !== 0) continue;
          visited[at] = visited[at]! | bit;
          for (let h = 0; h < holders.length; h++) if ((holders[h]![at]! & bit) === 0) continue scan;
          if (skills !== null && (skills[at]! & bit) === 0) continue;
          best.fill(NO_MATCH);
          for (let k = starts[slot]!, to = k + counts[slot]!; k < to; k++) {
            const entry = words[k]!;
            const id = entryId(entry);
            if (!hasBit(any, id)) continue;
            const field = entryField(entry);
            for (let t = 0; t < lookups.length; t++) {
              if (((fields[t]! >> field) & 1) === 0) continue;
              const value = lookups[t]![id]!;
              if (value === 0) continue;
              const code = field === FIELD.username ? value : value - 1;
              if (code < best[t]!) best[t] = code;
            }
          }
          for (let t = 0; t < prefixed.length; t++) {
            const usernames = prefixed[t]!;
            if (usernames !== null && best[t]! > USERNAME_PREFIX && (usernames.bits[at]! & bit) !== 0) best[t] = USERNAME_PREFIX;
          }
          let notExact = 0;
          let typos = 0;
          let username = 0;
          for (let t = 0; t < best.length; t++) {
            const code = best[t]!;
            if (code === NO_MATCH) {
              notExact = -1;
              break;
            }
            if (code >= 100) notExact += 1;
            typos += Math.floor(code / 10) % 10;
            username += code % 10;
          }
          if (notExact < 0) continue;
          const doc = index.docAt(slot);
          if (free !== null && !free(doc)) continue;
          const found = { doc, code: notExact * 10_000 + typos * 100 + username };
          if (afterCode !== undefined && (found.code < afterCode || (found.code === afterCode && rankOrder(doc, afterDoc!) <= 0))) continue;
          if (kept.size < need) kept.push(found);
          else if (worse(found, kept.peek()) < 0) kept.replaceTop(found);
          else if (choice.ranked && found.code <= bound) break;
        }
      }
    }
  } finally {
    for (const table of tables) table.clear();
    visited.fill(0);
    for (const bits of holders) bits.fill(0);
    for (const usernames of prefixed) if (usernames !== null) clearRun(usernames.bits, usernames.run);
  }
  return kept
    .drain()
    .sort(worse)
    .map(({ doc, code }) => ({
      doc,
      rank: { exact: resolved.length - Math.floor(code / 10_000), typos: Math.floor(code / 100) % 100, username: code % 100 },
    }));
}

/** Listings a rank-by-rank read may visit before it gives way to scoring (a filter left few of them). */
const VISITS = 2000;

/**
 * One ranked page (every word must match), empty when nothing matches them all. One word: rank
 * by rank, stopping once the page is full; several: scored in one pass.
 */
export function rankedListings(index: SearchIndex, resolved: Resolved[], filter: Filter, after: RankedCursor | undefined, need: number): Hit[] {
  const positions = choicesOf(resolved);
  if (positions.some((choices) => choices.length === 0)) return [];
  if (resolved.length === 1) {
    const hits = rankByRank(index, positions, filter, after, need);
    if (hits) return hits;
  }
  return scoredListings(index, resolved, positions, filter, after, need);
}

/** Rank by rank until the page is full; null past VISITS listings read. */
export function rankByRank(index: SearchIndex, positions: Choice[][], filter: Filter, after: RankedCursor | undefined, need: number): Hit[] | null {
  const groups = combinations(positions);
  if (!groups) return null;
  const budget = { visits: VISITS };
  const hits: Hit[] = [];
  for (const group of groups) {
    const order = after ? compareRanks(group.rank, after) : 1;
    if (order < 0) continue;
    hits.push(...rankListings(index, group, positions, filter, order === 0 ? after : undefined, need - hits.length, budget));
    if (budget.visits < 0) return null;
    if (hits.length >= need) break;
  }
  return hits;
}

/** The best match of each word in a listing, for the highlight. */
function matchesOf(doc: Doc, resolved: Resolved[]): SearchMatch[] {
  const matches: SearchMatch[] = [];
  for (const position of resolved) {
    let best: SearchMatch | undefined;
    let bestCode = NO_MATCH;
    for (const field of fieldsOf(position.word)) {
      // Nothing beats an exact name: the username (a word of its own each, read from memory) is not read then.
      if (bestCode === 0) break;
      for (const word of doc.words[field]) {
        const match = matchOf(position, word);
        if (!match) continue;
        const code = optionCode({ exact: match.exact, typos: match.typos, username: field === FIELD.username });
        if (code >= bestCode) continue;
        bestCode = code;
        best = { field: field === FIELD.place ? "location" : "name", word, length: match.length };
      }
    }
    if (best) matches.push(best);
  }
  return matches;
}

/** The name words, then the place words. */
function wordsOf(search: ProfileSearch): QueryWord[] {
  const field = (text: string | undefined, place: boolean) =>
    typedQueryWords(text).map(({ folded, typed }) => ({ text: folded, typed, place, prefix: false }));
  return [...field(search.userName, false), ...field(search.location, true)];
}

/** The first `count` words, the last of each field a prefix ("people type"; also after the words after it were dropped). */
function firstWords(words: QueryWord[], count: number): QueryWord[] {
  const kept = words.slice(0, count);
  return kept.map((word, i) => ({ ...word, prefix: !kept.slice(i + 1).some((later) => later.place === word.place) }));
}

/** Skills and "available on": who may be listed; null when nobody can be. */
function filterOf(index: SearchIndex, search: ProfileSearch, now: Date): Filter | null {
  const groups: string[][] = [];
  for (const skill of search.skills) {
    const skills = matchSkills(skill);
    if (skills.length === 0) return null;
    groups.push(skills);
  }
  let free: Filter["free"] = null;
  if (search.date) {
    const busy = busyThen(search.date, search.slot, now);
    if (!busy) return null;
    free = (doc) => !busy(doc);
  }
  return { skills: groups.length > 0 ? index.withSkills(groups) : null, free };
}

/** Whether any of the [start, end) pairs in `ranges` overlaps [start, end). */
function overlapsAny(ranges: readonly number[], start: number, end: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (ranges[i]! < end && ranges[i + 1]! > start) return true;
  return false;
}

/**
 * Who is NOT free on `date` (in `slot`, or in either slot), by the booking rules: free means a
 * future weekday slot within the horizon that no pending or confirmed booking overlaps and that
 * the Assistant has not taken off (a block, or a regular holiday with the switch on). Read from
 * the held time each listing carries in the index (decision 0015), which follows the database's
 * change log as the rest of the card does: no round trip. Null when no such slot can exist that
 * day for anyone.
 */
function busyThen(date: string, slot: ProfileSearch["slot"], now: Date): ((doc: Doc) => boolean) | null {
  if (isWeekend(date) || date > bookingHorizonEnd(manilaDate(now))) return null;
  const slots = SLOTS.filter((s) => !slot || s.label === slot)
    .map((s) => {
      const start = manilaInstant(date, s.start).getTime();
      return { time: s.start, start, end: start + SLOT_HOURS * 3600_000 };
    })
    .filter(({ start }) => start > now.getTime());
  if (slots.length === 0) return null;
  const holiday = isRegularHoliday(date);
  const held = ({ held }: Doc, { time, start, end }: (typeof slots)[number]) =>
    (holiday && held.holidaysOff && !held.holidaysKept?.includes(date)) ||
    held.blocks.some((block) => coversSlot(block, date, time)) ||
    overlapsAny(held.ranges, start, end);
  return (doc) => slots.every((s) => held(doc, s));
}

/** Listings newest first (no name or place words), paged by (listing time, id). */
function newestFirst(index: SearchIndex, search: ProfileSearch, filter: Filter): SearchPage {
  const listings = index.listings();
  let at = listings.length - 1;
  if (search.cursor) {
    const after = decodeCursor(profileCursorSchema, search.cursor);
    // The last listing before the cursor's in listing order.
    at = lowerBound(listings, { listedAt: after.createdAt, listingId: after.id }, listingOrder) - 1;
  }
  const docs: Doc[] = [];
  for (; at >= 0 && docs.length <= search.limit; at--) if (allows(filter, listings[at]!)) docs.push(listings[at]!);
  const items = docs.slice(0, search.limit).map((doc) => ({ doc, matches: [] }));
  const last = docs.length > search.limit ? docs[search.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ createdAt: last.listedAt, id: last.listingId }) : null, ignoredWords: [] };
}

/** Ranked search: every word must match; when nothing matches them all, words are dropped from the end. */
function ranked(index: SearchIndex, search: ProfileSearch, filter: Filter, words: QueryWord[]): SearchPage {
  const after = search.cursor ? decodeCursor(rankedCursorSchema, search.cursor) : undefined;
  let ignored = after?.ignored ?? 0;
  if (ignored >= words.length) return EMPTY;
  const attempt = () => {
    const kept = firstWords(words, words.length - ignored);
    const resolved = resolve(index, kept);
    return { resolved, hits: rankedListings(index, resolved, filter, after, search.limit + 1) };
  };
  let result = attempt();
  while (!after && result.hits.length === 0 && ignored < words.length - 1) {
    ignored += 1;
    result = attempt();
  }
  const { resolved, hits } = result;
  if (hits.length === 0) return EMPTY;

  const page = hits.slice(0, search.limit);
  const items = page.map(({ doc }) => ({ doc, matches: matchesOf(doc, resolved) }));
  const last = hits.length > search.limit ? page[page.length - 1] : undefined;
  const nextCursor = last
    ? encodeCursor({ ...last.rank, rating: last.doc.rating, listedAt: last.doc.listedAt, id: last.doc.listingId, ignored } satisfies RankedCursor)
    : null;
  // Quoted as typed: the note says "Cty", not "cty".
  const allWords = words.map((word) => word.typed ?? word.text);
  return { items, nextCursor, ignoredWords: allWords.slice(allWords.length - ignored) };
}

/**
 * Public listings of Assistants: ranked by how well they match the name and place words, or
 * newest first without them; skills and "available on" filter both. `now` decides which slots
 * are still free.
 */
export function searchProfiles(index: SearchIndex, search: ProfileSearch, now: Date): SearchPage {
  const filter = filterOf(index, search, now);
  if (!filter) return EMPTY;
  const words = wordsOf(search);
  return words.length === 0 ? newestFirst(index, search, filter) : ranked(index, search, filter, words);
}

/** A binary heap: the smallest item by `before` on top. */
class MinHeap<T> {
  private readonly items: T[];

  constructor(
    items: T[],
    private readonly before: (a: T, b: T) => boolean,
  ) {
    this.items = items;
    for (let i = (items.length >>> 1) - 1; i >= 0; i--) this.down(i);
  }

  get size(): number {
    return this.items.length;
  }

  peek(): T {
    return this.items[0]!;
  }

  /** The top item changed (it moved on): put it back in its place. */
  replaceTop(item: T): void {
    this.items[0] = item;
    this.down(0);
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (!this.before(items[i]!, items[parent]!)) return;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  /** Every item, in no order; the heap is left empty. */
  drain(): T[] {
    return this.items.splice(0);
  }

  pop(): void {
    const last = this.items.pop()!;
    if (this.items.length > 0) {
      this.items[0] = last;
      this.down(0);
    }
  }

  private down(from: number): void {
    const items = this.items;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < items.length && this.before(items[left]!, items[smallest]!)) smallest = left;
      if (right < items.length && this.before(items[right]!, items[smallest]!)) smallest = right;
      if (smallest === i) return;
      [items[i], items[smallest]] = [items[smallest]!, items[i]!];
      i = smallest;
    }
  }
}
