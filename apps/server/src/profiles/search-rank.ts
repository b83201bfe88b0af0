import type { SearchMatch } from "@vam/shared";
import { FIELD, hasBit, rankOrder, type Doc, type Field, type Run, type SearchIndex, type Term } from "./search-index.js";
import { completes, fieldsOf, matchOf, type Resolved } from "./search-resolve.js";
import { NO_SCORE, score, scoreParts, type ScanDriver, type ScanPage, type ScanWord } from "./search-scan.js";

/*
 * Ranking (decisions.md "Search", decisions 0013 and 0014): the listings holding a match for
 * every resolved query word (search-resolve.ts), best match first, up to a page. One word is
 * read rank by rank from its words' posting lists; several are scored in one scan of the
 * rarest word's listings, which the index runs (`SearchIndex.scan`).
 */

/** Where a ranked page starts: past the listing of this rank, rating, listing time and id (the cursor's). */
export interface RankAfter {
  exact: number;
  typos: number;
  username: number;
  rating: number;
  listedAt: string;
  id: string;
}

/** How a listing holds a query word: exactly or not, with how many typos, in a username (else a name or the place). */
interface Option {
  exact: boolean;
  typos: number;
  username: boolean;
}

/** A listing field and the words that give one option at one position (its `score`: the option's). */
interface Choice extends ScanDriver {
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
export const allows = (filter: Filter, doc: Doc) => skillsAllow(filter, doc.slot) && (filter.free === null || filter.free(doc));

const compareOptions = (a: Option, b: Option) => Number(b.exact) - Number(a.exact) || a.typos - b.typos || Number(a.username) - Number(b.username);
const compareRanks = (a: Rank, b: Rank) => b.exact - a.exact || a.typos - b.typos || a.username - b.username;

/** Above this many ways of holding all the words, rank by rank gives way to scoring (it serves one-word queries, with a handful). */
const MAX_COMBINATIONS = 256;

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

  readonly score: number;

  constructor(
    readonly pos: number,
    readonly option: Option,
    readonly field: Field,
    term: Term,
    private listings: number,
  ) {
    this.score = optionScore(option);
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
  readonly score: number;
  readonly ranked: boolean;

  constructor(
    readonly pos: number,
    readonly field: Field,
    private readonly resolved: Resolved,
    private readonly prefix: string,
  ) {
    this.option = { exact: false, typos: 0, username: field === FIELD.username };
    this.score = optionScore(this.option);
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
const afterKey = (after: RankAfter) => ({ rating: after.rating, listedAt: after.listedAt, listingId: after.id });

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
  after: RankAfter | undefined,
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

/** A match's option as a score (search-scan.ts). */
const optionScore = (option: Option) => score(option.exact ? 0 : 1, option.typos, option.username ? 1 : 0);

/** A rank over `words` query words as a score, and back. */
const rankScore = (rank: Rank, words: number) => score(words - rank.exact, rank.typos, rank.username);
function rankOfScore(packed: number, words: number): Rank {
  const { notExact, typos, username } = scoreParts(packed);
  return { exact: words - notExact, typos, username };
}

/** A prefix completed in a name or place, and in a username: not exact, no typos. */
const PREFIX = score(1, 0, 0);
const USERNAME_PREFIX = score(1, 0, 1);

/**
 * A query word as the scan looks it up: its listed matches and the words its prefix completes
 * by vocabulary id, with their score in a name or place; a prefix's completions in usernames
 * are read as their listings instead (`Resolved.usernameRun`).
 */
function scanWordOf(position: Resolved): ScanWord {
  const ids: number[] = [];
  const scores: number[] = [];
  for (const match of position.listed.values()) {
    ids.push(match.term.id);
    scores.push(score(match.exact ? 0 : 1, match.typos, 0));
  }
  const fields = fieldsOf(position.word);
  if (position.prefix !== undefined)
    for (const field of fields)
      if (field !== FIELD.username)
        for (const term of position.completionsIn(field).terms) {
          ids.push(term.id);
          scores.push(PREFIX);
        }
  let also: ScanWord["also"] = null;
  if (position.prefix !== undefined && !position.word.place) {
    const run = position.usernameRun();
    if (run.from !== run.to) also = { run, score: USERNAME_PREFIX };
  }
  return { ids, scores, fields: fields.reduce<number>((bits, field) => bits | (1 << field), 0), also };
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
  after: RankAfter | undefined,
  need: number,
): Hit[] {
  const totals = positions.map((choices) => choices.reduce((sum, choice) => sum + choice.uses(), 0));
  const driverAt = totals.indexOf(Math.min(...totals));
  const afterCode = after && rankScore(after, resolved.length);
  const afterDoc = after && afterKey(after);
  const kept = new MinHeap<Found>([], (a, b) => worse(a, b) > 0);
  const { free } = filter;
  // The listings holding each other word, where their lists are not many times longer than
  // the driver's: the scan passes a listing missing one over without reading it.
  const holders = positions.flatMap((choices, pos) =>
    pos === driverAt || totals[pos]! > HOLDERS_FACTOR * totals[driverAt]! ? [] : [choices.flatMap((choice) => choice.runs())],
  );
  const page: ScanPage = {
    // A driver's listings score at best its own score: once the page is full of better ones, none of them makes it.
    closed: (bound) => kept.size >= need && kept.peek().code < bound,
    offer: (slot, code) => {
      const doc = index.docAt(slot);
      if (free !== null && !free(doc)) return true;
      const found = { doc, code };
      if (afterCode !== undefined && (code < afterCode || (code === afterCode && rankOrder(doc, afterDoc!) <= 0))) return true;
      if (kept.size < need) kept.push(found);
      else if (worse(found, kept.peek()) < 0) kept.replaceTop(found);
      // In a list in rank order, a listing at its driver's best score that does not make the
      // page ends the list. (One that also holds a better word of the driver's position is in
      // that word's list: read there already, or after where that list ended, so not on the page either.)
      else return false;
      return true;
    },
  };
  index.scan({ words: resolved.map(scanWordOf), drivers: positions[driverAt]!, holders, skills: filter.skills }, page);
  return kept
    .drain()
    .sort(worse)
    .map(({ doc, code }) => ({ doc, rank: rankOfScore(code, resolved.length) }));
}

/** Listings a rank-by-rank read may visit before it gives way to scoring (a filter left few of them). */
const VISITS = 2000;

/**
 * One ranked page (every word must match), empty when nothing matches them all. One word: rank
 * by rank, stopping once the page is full; several: scored in one pass.
 */
export function rankedListings(index: SearchIndex, resolved: Resolved[], filter: Filter, after: RankAfter | undefined, need: number): Hit[] {
  const positions = choicesOf(resolved);
  if (positions.some((choices) => choices.length === 0)) return [];
  if (resolved.length === 1) {
    const hits = rankByRank(index, positions, filter, after, need);
    if (hits) return hits;
  }
  return scoredListings(index, resolved, positions, filter, after, need);
}

/** Rank by rank until the page is full; null past VISITS listings read. */
export function rankByRank(index: SearchIndex, positions: Choice[][], filter: Filter, after: RankAfter | undefined, need: number): Hit[] | null {
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
export function matchesOf(doc: Doc, resolved: Resolved[]): SearchMatch[] {
  const matches: SearchMatch[] = [];
  for (const position of resolved) {
    let best: SearchMatch | undefined;
    let bestCode = NO_SCORE;
    for (const field of fieldsOf(position.word)) {
      // Nothing beats an exact name: the username (a word of its own each, read from memory) is not read then.
      if (bestCode === 0) break;
      for (const word of doc.words[field]) {
        const match = matchOf(position, word);
        if (!match) continue;
        const code = optionScore({ exact: match.exact, typos: match.typos, username: field === FIELD.username });
        if (code >= bestCode) continue;
        bestCode = code;
        best = { field: field === FIELD.place ? "location" : "name", word, length: match.length };
      }
    }
    if (best) matches.push(best);
  }
  return matches;
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
