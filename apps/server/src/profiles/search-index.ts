import { profilePostSchema, type ProfilePost, type TimeOffSpan } from "@vam/shared";
import { foldWord, splitWords } from "./search-words.js";
import { MAX_WORD_ID, TypoKeys, type TypoImage } from "./typo-keys.js";
import {
  entryField,
  entryId,
  FIELD,
  FIELDS,
  hasBit,
  reused,
  Scanner,
  setBit,
  wordEntry,
  type Field,
  type Layout,
  type Run,
  type ScanPage,
  type ScanQuery,
} from "./search-scan.js";

export { FIELD, FIELDS, hasBit, type Field, type Run } from "./search-scan.js";

/*
 * The search index of one server instance, in memory (decision 0014): every listed, active
 * Assistant as a document, the vocabulary of their name, username and place words with each
 * word's listings in rank order, the listings newest first, and the places. It holds no
 * answers, only the data the answers are computed from; search-replica.ts fills it from the
 * database and keeps it current. Nothing here touches the database.
 */

/** A listing as the database has it: the card it shows, and its listing time to the microsecond. */
export interface ListingRecord {
  card: ProfilePost;
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`: fixed width, so it sorts as text. */
  listedAt: string;
  /** The Assistant's held time (none when not given). */
  held?: HeldTime;
}

/** What a listed Assistant cannot be booked for, from the load on: search's "available on" (decision 0015). */
export interface HeldTime {
  /** Pending and confirmed bookings not over yet: [start, end) instants in ms, in pairs. */
  readonly ranges: readonly number[];
  /** Blocks of time off not over yet. */
  readonly blocks: readonly TimeOffSpan[];
  /** The Philippines' regular holidays are time off. */
  readonly holidaysOff: boolean;
  /** The holidays (Manila dates) kept as working days while `holidaysOff` (none when not given). */
  readonly holidaysKept?: readonly string[];
}

/**
 * No posting in a field, and no spelling: most words are used in one field and never in a name.
 * Shared by every such word until its first posting there or first spelling, when it is given its
 * own (`file`); never changed.
 */
const NO_POSTINGS: number[] = [];
const NO_SPELLINGS = new Map<string, number>();

/** No listing: a bit set that holds no slot (a slot past its end is not in it). */
const NO_SLOTS = new Uint32Array(0);

export const NO_HELD_TIME: HeldTime = { ranges: [], blocks: [], holidaysOff: false };

/** A listed Assistant, as the index holds it. */
export interface Doc {
  readonly userId: string;
  readonly listingId: string;
  readonly listedAt: string;
  /** Average stars, -1 without reviews (ranked last). */
  readonly rating: number;
  /** The distinct folded words of the name, the username and the place. */
  readonly words: readonly [readonly string[], readonly string[], readonly string[]];
  readonly skills: readonly string[];
  /** The place's words, folded, joined by a space: one entry of the places. */
  readonly place: string;
  /** First and last name, and place, as written (for the suggestions' spellings). */
  readonly name: string;
  readonly location: string;
  /**
   * The card as the API answers it, encoded through its schema once, when filed (decision
   * 0005's guarantee: nothing the schema does not name leaves the server), without its closing
   * brace: a page appends each card's matches.
   */
  readonly json: string;
  readonly held: HeldTime;
  /** Where the index keeps it: its number in the postings and the word table (see `Layout`), given when filed. */
  slot: number;
}

/** A vocabulary word: how many listings hold it in each field, and those listings (their slots) in rank order. */
export interface Term {
  readonly id: number;
  readonly word: string;
  readonly uses: [name: number, username: number, place: number];
  readonly postings: [number[], number[], number[]];
  /** How the word is written in names ("Maria"), with how many listings write it so: for suggestions. */
  spellings: Map<string, number>;
  /** The fields (a bit each) whose sorted vocabulary holds the word: those it has been used in. */
  inFields: number;
}

/** A distinct place of listed Assistants, for the Where field's suggestions. */
export interface Place {
  readonly key: string;
  readonly words: readonly string[];
  uses: number;
  readonly spellings: Map<string, number>;
}

/** Rank order among listings of the same match: rating, then newest, then listing id (all descending). Negative: `a` first. */
export function rankOrder(
  a: { rating: number; listedAt: string; listingId: string },
  b: { rating: number; listedAt: string; listingId: string },
): number {
  if (a.rating !== b.rating) return b.rating - a.rating;
  if (a.listedAt !== b.listedAt) return a.listedAt < b.listedAt ? 1 : -1;
  if (a.listingId !== b.listingId) return a.listingId < b.listingId ? 1 : -1;
  return 0;
}

/** Listing order, oldest first (the newest-first page reads it backwards). */
export function listingOrder(a: { listedAt: string; listingId: string }, b: { listedAt: string; listingId: string }): number {
  if (a.listedAt !== b.listedAt) return a.listedAt < b.listedAt ? -1 : 1;
  if (a.listingId !== b.listingId) return a.listingId < b.listingId ? -1 : 1;
  return 0;
}

/** The first index of `list` (sorted by `order`) whose item does not come before `key`. */
export function lowerBound<T, K>(list: readonly T[], key: K, order: (item: T, key: K) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (order(list[mid]!, key) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

const byWord = (term: Term, word: string) => (term.word < word ? -1 : term.word > word ? 1 : 0);
const termOrder = (a: Term, b: Term) => byWord(a, b.word);

function insertSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  list.splice(lowerBound(list, item, order), 0, item);
}

function removeSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  const at = lowerBound(list, item, order);
  if (list[at] === item) list.splice(at, 1);
}

const distinctFolded = (text: string) => [...new Set(splitWords(text).map(foldWord))];

const addCount = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
};

/** The most used spelling; ties go to the first in code-point order (capitals first: "Maria" before "maria"). */
export function commonSpelling(spellings: Map<string, number>): string | undefined {
  let best: [string, number] | undefined;
  for (const entry of spellings) if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  return best?.[0];
}

/** A listing as the index files it (its card encoded once). */
export function toDoc({ card, listedAt, held = NO_HELD_TIME }: ListingRecord): Doc {
  const placeWords = distinctFolded(card.location);
  const name = `${card.firstName} ${card.lastName}`;
  return {
    userId: card.userId,
    listingId: card.id,
    listedAt,
    rating: card.rating ?? -1,
    words: [distinctFolded(name), distinctFolded(card.username), placeWords],
    skills: card.skills,
    place: placeWords.join(" "),
    name,
    location: card.location,
    json: JSON.stringify(profilePostSchema.encode(card)).slice(0, -1),
    held,
    slot: -1,
  };
}

const LISTED_AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** A listing time in the fixed-width form as microseconds since 1970 (exact in a double), else NaN. */
function listedMicros(listedAt: string): number {
  if (!LISTED_AT.test(listedAt)) return Number.NaN;
  return Date.parse(`${listedAt.slice(0, 23)}Z`) * 1000 + Number(listedAt.slice(23, 26));
}

/** `image` pauses after each 65,536 words and listings (a mask). */
const PIECE = 0xffff;

/** From this many changes at once, `applyChanges` rebuilds the long lists once rather than changing them one by one. */
const BATCH_FROM = 20;

/** What a batch of changes leaves for its end (`SearchIndex.settle`). */
interface Later {
  /** The slots of the listings taken out: given again at the end. */
  readonly gone: Set<number>;
  /** By field, the words whose posting lists lose listings. */
  readonly postingsOut: [Set<Term>, Set<Term>, Set<Term>];
  /** By field, the slots each word's posting list gains. */
  readonly postingsIn: [Map<Term, number[]>, Map<Term, number[]>, Map<Term, number[]>];
  /** By field, the words now used there for the first time. */
  readonly sortedIn: [Term[], Term[], Term[]];
  /** (username word id, slot) pairs gained, flat. */
  readonly runsIn: number[];
  readonly listingsIn: Doc[];
}

/**
 * Two lists sorted by `order` as one; of equal items, `a`'s first. `b` is the short one (a
 * batch's new items): each is placed by a binary search in `a`, whose stretches between are
 * copied without comparing.
 */
function merged<T>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  for (const item of b) {
    let low = i;
    let high = a.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (order(a[mid]!, item) <= 0) low = mid + 1;
      else high = mid;
    }
    while (i < low) out.push(a[i++]!);
    out.push(item);
  }
  while (i < a.length) out.push(a[i++]!);
  return out;
}

/** `array`'s numbers at the start of a new one of `length`. */
function grown(array: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length);
  next.set(array);
  return next;
}

/** Numbers kept for each vocabulary word in `IndexImage.terms`: uses by field (3), the fields it is sorted in, its postings' lengths by field (3). */
export const TERM_STRIDE = 7;

/**
 * The index's whole state at one moment, as numbers and strings, for the snapshot to keep and
 * give back (decision 0051): a start from it puts every structure back as it was, with no
 * listing filed again, no list sorted and no typo key hashed. The listings themselves are not
 * in it (a `Doc` is immutable once filed): `SearchIndex.image` answers them beside it, and
 * `restore` asks for each again by slot.
 */
export interface IndexImage {
  /** Slots given so far, filled or free. */
  readonly slotCount: number;
  /** The free slots, in the order they are given again (the last first). */
  readonly freeSlots: Int32Array;
  /** The listings' slots, oldest listing first. */
  readonly byListing: Int32Array;
  /** The vocabulary's words, by id. */
  readonly words: readonly string[];
  /** `TERM_STRIDE` numbers by word id. */
  readonly terms: Int32Array;
  /** Every word's posting lists, by id and then by field, end to end. */
  readonly postings: Int32Array;
  /** The words written in names, with each spelling's count: [id, [spelling, count]…]. */
  readonly spellings: readonly (readonly [number, readonly (readonly [string, number])[]])[];
  /** By field, the ids of the words sorted there, in word order. */
  readonly sorted: readonly [Int32Array, Int32Array, Int32Array];
  /** The (username word, listing) pairs, in word order. */
  readonly runIds: Int32Array;
  readonly runSlots: Int32Array;
  /** The word table up to its end, each slot's start and count in it, and how many of its entries belong to listings gone. */
  readonly layoutWords: Int32Array;
  readonly starts: Int32Array;
  readonly counts: Int32Array;
  readonly wordsFreed: number;
  /** Each skill's bit set. */
  readonly skills: readonly (readonly [string, Uint32Array])[];
  /** Every place with its uses and spellings: [key, uses, [spelling, count]…]. */
  readonly places: readonly (readonly [string, number, readonly (readonly [string, number])[]])[];
  readonly typo: TypoImage;
}

/** The word of the word table's entry `numbers[k]`. */
function wordAt(numbers: Int32Array, k: number, words: readonly string[]): string {
  const word = words[entryId(numbers[k]!)];
  if (word === undefined) throw new Error("a word number past the vocabulary");
  return word;
}

/**
 * `numbers[from…to)` as an array of exactly that length (`push` would give a list of one a
 * backing store of 17), or those numbers' words when `words` is given: most posting lists and
 * word lists hold one to three. No function is made per list (restoring makes millions).
 */
function listOf(numbers: Int32Array, from: number, to: number): number[];
function listOf(numbers: Int32Array, from: number, to: number, words: readonly string[]): string[];
function listOf(numbers: Int32Array, from: number, to: number, words?: readonly string[]): (number | string)[] {
  if (words) {
    switch (to - from) {
      case 1:
        return [wordAt(numbers, from, words)];
      case 2:
        return [wordAt(numbers, from, words), wordAt(numbers, from + 1, words)];
      case 3:
        return [wordAt(numbers, from, words), wordAt(numbers, from + 1, words), wordAt(numbers, from + 2, words)];
      default: {
        const list: string[] = [];
        for (let k = from; k < to; k++) list.push(wordAt(numbers, k, words));
        return list;
      }
    }
  }
  switch (to - from) {
    case 1:
      return [numbers[from]!];
    case 2:
      return [numbers[from]!, numbers[from + 1]!];
    case 3:
      return [numbers[from]!, numbers[from + 1]!, numbers[from + 2]!];
    default: {
      const list: number[] = [];
      for (let k = from; k < to; k++) list.push(numbers[k]!);
      return list;
    }
  }
}

/** No word in a field (a listing restored without a place); never changed. */
const NO_WORDS: string[] = [];

/** A listing's words as the word table holds them (in the order it was filed: names, username, place). */
export function wordsOf(image: Pick<IndexImage, "layoutWords" | "starts" | "counts" | "words">, slot: number): Doc["words"] {
  const words: [string[], string[], string[]] = [NO_WORDS, NO_WORDS, NO_WORDS];
  // The entries are in field order: each field's are one stretch.
  for (let k = image.starts[slot]!, end = k + image.counts[slot]!; k < end;) {
    const field = entryField(image.layoutWords[k]!);
    let to = k + 1;
    while (to < end && entryField(image.layoutWords[to]!) === field) to++;
    words[field] = listOf(image.layoutWords, k, to, image.words);
    k = to;
  }
  return words;
}

export class SearchIndex {
  private readonly docs = new Map<string, Doc>();
  private readonly terms = new Map<string, Term>();
  private readonly termsById: Term[] = [];
  /**
   * By field, the vocabulary words used there, sorted by word: a prefix's completions in a
   * field are a range. Kept apart because the fields differ in size: 100,000 listings have
   * 100,000 usernames and a few hundred first and last names, and a first name is the prefix
   * of hundreds of usernames.
   */
  private readonly sortedTerms: [Term[], Term[], Term[]] = [[], [], []];
  /**
   * Every (username word, listing) pair, in word order: `runIds[k]` is the word's vocabulary id
   * and `runSlots[k]` the listing's slot, for k below `runSize`. A prefix's listings in
   * usernames are one range of numbers, read without reading its words' objects (a first name
   * is the prefix of hundreds of usernames, each spread over the heap). A change is a binary
   * search and a memory move (`copyWithin`), no pass over the numbers in JavaScript.
   */
  private runIds: Int32Array = new Int32Array(1024);
  private runSlots: Int32Array = new Int32Array(1024);
  private runSize = 0;
  private readonly keys = new TypoKeys();
  /** Oldest first. */
  private byListing: Doc[] = [];
  private readonly places = new Map<string, Place>();
  private readonly placesByWord = new Map<string, Set<Place>>();
  /** The scan and its buffers (search-scan.ts). */
  private readonly scanner = new Scanner();
  /** The listing in each slot; freed slots are reused. */
  private readonly bySlot: (Doc | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private layout: Layout = { words: new Int32Array(1024), starts: new Int32Array(256), counts: new Int32Array(256) };
  /** Each skill's listings, a bit per slot: a skills filter is tested without reading the listing. */
  private readonly skillSets = new Map<string, Uint32Array>();
  private readonly skillScratch: Uint32Array[] = [];
  /** During a bulk load, each spelling's folded word: names repeat, and folding allocates. */
  private foldCache: Map<string, string> | undefined;
  /** Where the next listing's words go in `layout.words`, and how many entries before it belong to listings gone. */
  private wordsEnd = 0;
  private wordsFreed = 0;

  get size(): number {
    return this.docs.size;
  }

  /** Replaces everything with these listings (`loadDocs`). */
  load(records: Iterable<ListingRecord>): void {
    const docs: Doc[] = [];
    for (const record of records) docs.push(toDoc(record));
    this.loadDocs(docs);
  }

  /**
   * Replaces everything with these listings, made by `toDoc` (or read back from a snapshot);
   * of two for one user, the first counts. Slots are given in rank order, so every posting list
   * is filled in rank order as it is built and none is sorted (decision 0029: at 1,000,000
   * listings the sorts of the posting lists, comparing listings through their objects, took most
   * of the load). The orders are taken on numbers read once into typed arrays.
   */
  loadDocs(docs: readonly Doc[]): void {
    this.clear();
    const seen = new Set<string>();
    const unique = docs.filter((doc) => !seen.has(doc.userId) && (seen.add(doc.userId), true));
    seen.clear();
    const n = unique.length;
    const rating = new Float64Array(n);
    const listed = new Float64Array(n);
    let numeric = true;
    for (let i = 0; i < n; i++) {
      const doc = unique[i]!;
      rating[i] = doc.rating;
      const at = listedMicros(doc.listedAt);
      if (Number.isNaN(at)) numeric = false;
      listed[i] = at;
    }
    // Listing time as a number only where every listing's is in the fixed-width form (then its
    // order is the text's); else the text is compared.
    const byTime = numeric
      ? (a: number, b: number) => listed[a]! - listed[b]!
      : (a: number, b: number) => (unique[a]!.listedAt < unique[b]!.listedAt ? -1 : unique[a]!.listedAt > unique[b]!.listedAt ? 1 : 0);
    const byId = (a: number, b: number) => (unique[a]!.listingId < unique[b]!.listingId ? -1 : unique[a]!.listingId > unique[b]!.listingId ? 1 : 0);
    const ranked = Array.from({ length: n }, (_, i) => i).sort((a, b) => rating[b]! - rating[a]! || byTime(b, a) || byId(b, a));
    const fresh: Term[] = [];
    this.foldCache = new Map();
    for (const i of ranked) this.file(unique[i]!, false, fresh);
    this.foldCache = undefined;
    // `ranked` held the listings in rank order; the listing order is another sort of the same numbers.
    const byListing = Array.from({ length: n }, (_, i) => i).sort((a, b) => byTime(a, b) || byId(a, b));
    for (let k = 0; k < n; k++) this.byListing[k] = unique[byListing[k]!]!;
    // Each field's words in word order: the words sorted as strings (code-unit order, as `termOrder`).
    for (const field of FIELDS) {
      const list = this.sortedTerms[field];
      const words = list.map((term) => term.word).sort();
      for (let k = 0; k < words.length; k++) list[k] = this.terms.get(words[k]!)!;
    }
    const usernames = this.sortedTerms[FIELD.username];
    const pairs = usernames.reduce((sum, term) => sum + term.postings[FIELD.username].length, 0);
    this.runIds = new Int32Array(Math.max(1024, pairs * 2));
    this.runSlots = new Int32Array(this.runIds.length);
    this.runSize = 0;
    for (const term of usernames)
      for (const slot of term.postings[FIELD.username]) {
        this.runIds[this.runSize] = term.id;
        this.runSlots[this.runSize++] = slot;
      }
    this.keys.build(fresh);
  }

  /**
   * The index as it is now, copied where a later change would alter it (decision 0051), and
   * the listing in each slot (none: a free slot). Copied in pieces with `pause` between them (the
   * event loop's turn: searches run): the caller makes sure nothing changes the index until
   * the answer comes; a change after it alters neither.
   */
  async image(pause: () => Promise<void> = async () => {}): Promise<{ image: IndexImage; docs: readonly (Doc | undefined)[] }> {
    const n = this.termsById.length;
    const terms = new Int32Array(n * TERM_STRIDE);
    let total = 0;
    for (let id = 0; id < n; id++) {
      if ((id & PIECE) === PIECE) await pause();
      const { postings } = this.termsById[id]!;
      total += postings[0].length + postings[1].length + postings[2].length;
    }
    const postings = new Int32Array(total);
    const spellings: [number, [string, number][]][] = [];
    const words: string[] = [];
    let at = 0;
    for (let id = 0; id < n; id++) {
      if ((id & PIECE) === PIECE) await pause();
      const term = this.termsById[id]!;
      const base = id * TERM_STRIDE;
      words.push(term.word);
      terms[base] = term.uses[0];
      terms[base + 1] = term.uses[1];
      terms[base + 2] = term.uses[2];
      terms[base + 3] = term.inFields;
      for (const field of FIELDS) {
        const list = term.postings[field];
        terms[base + 4 + field] = list.length;
        for (let k = 0; k < list.length; k++) postings[at++] = list[k]!;
      }
      if (term.spellings.size > 0) spellings.push([id, [...term.spellings]]);
    }
    const sorted: Int32Array[] = [];
    for (const list of this.sortedTerms) {
      const ids = new Int32Array(list.length);
      for (let k = 0; k < list.length; k++) {
        if ((k & PIECE) === PIECE) await pause();
        ids[k] = list[k]!.id;
      }
      sorted.push(ids);
    }
    const byListing = new Int32Array(this.byListing.length);
    for (let k = 0; k < byListing.length; k++) {
      if ((k & PIECE) === PIECE) await pause();
      byListing[k] = this.byListing[k]!.slot;
    }
    const docs: (Doc | undefined)[] = [];
    for (let k = 0; k < this.bySlot.length; k++) {
      if ((k & PIECE) === PIECE) await pause();
      docs.push(this.bySlot[k]);
    }
    await pause();
    const slotCount = this.bySlot.length;
    const image: IndexImage = {
      slotCount,
      freeSlots: Int32Array.from(this.freeSlots),
      byListing,
      words,
      terms,
      postings,
      spellings,
      sorted: sorted as [Int32Array, Int32Array, Int32Array],
      runIds: this.runIds.slice(0, this.runSize),
      runSlots: this.runSlots.slice(0, this.runSize),
      layoutWords: this.layout.words.slice(0, this.wordsEnd),
      starts: this.layout.starts.slice(0, slotCount),
      counts: this.layout.counts.slice(0, slotCount),
      wordsFreed: this.wordsFreed,
      skills: [...this.skillSets].map(([skill, set]) => [skill, set.slice()] as const),
      places: [...this.places.values()].map((place) => [place.key, place.uses, [...place.spellings]] as const),
      typo: this.keys.image(),
    };
    return { image, docs };
  }

  /**
   * Replaces everything with what `image` holds; `doc` gives the listing of each filled slot, in
   * slot order, with its words (read from the word table). Nothing is sorted or hashed again.
   */
  restore(image: IndexImage, doc: (slot: number, words: Doc["words"]) => Doc): void {
    this.clear();
    // Room in the arrays for the changes that follow (a full word table is compacted, listing by listing).
    const room = (length: number) => Math.max(1024, length + (length >>> 3));
    const n = image.words.length;
    if (image.terms.length !== n * TERM_STRIDE) throw new Error("the words and their numbers do not match");
    if (n > MAX_WORD_ID + 1) throw new Error("the search vocabulary is full");
    let at = 0;
    for (let id = 0; id < n; id++) {
      const base = id * TERM_STRIDE;
      const postings: Term["postings"] = [NO_POSTINGS, NO_POSTINGS, NO_POSTINGS];
      for (const field of FIELDS) {
        const count = image.terms[base + 4 + field]!;
        if (count === 0) continue;
        postings[field] = listOf(image.postings, at, at + count);
        at += count;
      }
      const word = image.words[id]!;
      const term: Term = {
        id,
        word,
        uses: [image.terms[base]!, image.terms[base + 1]!, image.terms[base + 2]!],
        postings,
        spellings: NO_SPELLINGS,
        inFields: image.terms[base + 3]!,
      };
      this.terms.set(word, term);
      this.termsById.push(term);
    }
    if (at !== image.postings.length) throw new Error("the posting lists do not match");
    for (const [id, list] of image.spellings) this.termsById[id]!.spellings = new Map(list);
    for (const field of FIELDS) {
      const list = this.sortedTerms[field];
      for (const id of image.sorted[field]) list.push(this.termsById[id]!);
    }
    this.runSize = image.runIds.length;
    this.runIds = grown(image.runIds, room(this.runSize));
    this.runSlots = grown(image.runSlots, this.runIds.length);
    this.layout = {
      words: grown(image.layoutWords, room(image.layoutWords.length)),
      starts: grown(image.starts, room(image.starts.length)),
      counts: grown(image.counts, room(image.counts.length)),
    };
    this.wordsEnd = image.layoutWords.length;
    this.wordsFreed = image.wordsFreed;
    const free = new Uint8Array(image.slotCount);
    for (const slot of image.freeSlots) free[slot] = 1;
    for (let slot = 0; slot < image.slotCount; slot++) {
      if (free[slot]) {
        this.bySlot.push(undefined);
        continue;
      }
      const filed = doc(slot, wordsOf(image, slot));
      filed.slot = slot;
      this.bySlot.push(filed);
      this.docs.set(filed.userId, filed);
    }
    for (const slot of image.freeSlots) this.freeSlots.push(slot);
    for (const slot of image.byListing) {
      const listed = this.bySlot[slot];
      if (!listed) throw new Error("a listing order past the listings");
      this.byListing.push(listed);
    }
    for (const [skill, set] of image.skills) this.skillSets.set(skill, set);
    for (const [key, uses, spellings] of image.places) {
      const place = this.placeFor(key);
      place.uses = uses;
      for (const [spelling, count] of spellings) place.spellings.set(spelling, count);
    }
    this.keys.restore(image.typo);
  }

  /**
   * Files each listing of `changes` (by user: the listing now, or none: taken down), as
   * `upsert` and `remove` one by one would; many at once (the catch-up after a start from the
   * snapshot) rebuild each long list once instead of moving it once per change (decision 0051).
   */
  applyChanges(changes: ReadonlyMap<string, ListingRecord | null>): void {
    if (changes.size < BATCH_FROM) {
      for (const [userId, record] of changes) {
        if (record) this.upsert(record);
        else this.remove(userId);
      }
      return;
    }
    const later: Later = {
      gone: new Set(),
      postingsOut: [new Set(), new Set(), new Set()],
      postingsIn: [new Map(), new Map(), new Map()],
      sortedIn: [[], [], []],
      runsIn: [],
      listingsIn: [],
    };
    for (const [userId, record] of changes) {
      const doc = this.docs.get(userId);
      if (doc) this.unfile(doc, later);
      if (record) this.file(toDoc(record), true, [], later);
    }
    this.settle(later);
  }

  /** Files the listing of `record.card.userId`, replacing what was filed for that user. */
  upsert(record: ListingRecord): void {
    this.remove(record.card.userId);
    this.file(toDoc(record), true, []);
  }

  /** Forgets the user's listing (taken down, suspended, no longer an Assistant). */
  remove(userId: string): void {
    const doc = this.docs.get(userId);
    if (doc) this.unfile(doc);
  }

  doc(userId: string): Doc | undefined {
    return this.docs.get(userId);
  }

  /** The listing filed in `slot` (a slot read from a posting list is always filled). */
  docAt(slot: number): Doc {
    return this.bySlot[slot]!;
  }

  /**
   * Every listing of `query`'s drivers that holds all its words and passes its skills filter,
   * offered to `page` with its score (search-scan.ts): the listings' words are read as numbers
   * from the word table, with buffers the index keeps and zeroes again.
   */
  scan(query: ScanQuery, page: ScanPage): void {
    this.scanner.scan(this.layout, this.bySlot.length, this.termsById.length, query, page);
  }

  /**
   * The listings holding, for each group, one of its skills, as a bit per slot: the skills
   * filter. Read it before anything changes the index or calls this again (a search runs
   * without pausing): one skill is that skill's own set, several are combined in a set reused
   * by every search.
   */
  withSkills(groups: readonly (readonly string[])[]): Uint32Array {
    // One skill (the usual filter): its own set, read as it is.
    if (groups.length === 1 && groups[0]!.length === 1) return this.skillSets.get(groups[0]![0]!) ?? NO_SLOTS;
    const length = (this.bySlot.length >>> 5) + 1;
    const result = reused(this.skillScratch, 0, length, (n) => new Uint32Array(n));
    const union = reused(this.skillScratch, 1, length, (n) => new Uint32Array(n));
    result.fill(0xffffffff, 0, length);
    for (const group of groups) {
      union.fill(0, 0, length);
      for (const skill of group) {
        const set = this.skillSets.get(skill);
        if (!set) continue;
        for (let i = 0, n = Math.min(length, set.length); i < n; i++) union[i] = union[i]! | set[i]!;
      }
      for (let i = 0; i < length; i++) result[i] = result[i]! & union[i]!;
    }
    return result;
  }

  /** The first position of `list` (slots in rank order) whose listing does not come before `key`, by `order`. */
  lowerBoundIn(
    list: readonly number[],
    key: { rating: number; listedAt: string; listingId: string },
    order: (doc: Doc, key: { rating: number; listedAt: string; listingId: string }) => number,
  ): number {
    const bySlot = this.bySlot;
    return lowerBound(list, key, (slot, k) => order(bySlot[slot]!, k));
  }

  /** The vocabulary word, if a listing holds it. */
  get(word: string): Term | undefined {
    const term = this.terms.get(word);
    return term && term.uses.some((uses) => uses > 0) ? term : undefined;
  }

  /** Whether a listing holds the word. */
  has(word: string): boolean {
    return this.get(word) !== undefined;
  }

  /**
   * The words listings hold in `field` that start with `prefix`, itself included, sorted by
   * word, found by two binary searches (words are lower-case letters and digits).
   */
  atPrefix(prefix: string, field: Field): Term[] {
    const sorted = this.sortedTerms[field];
    const found: Term[] = [];
    for (let i = lowerBound(sorted, prefix, byWord), end = lowerBound(sorted, `${prefix}\uffff`, byWord); i < end; i++)
      if (sorted[i]!.uses[field] > 0) found.push(sorted[i]!);
    return found;
  }

  /** The listings holding, in their username, a word longer than `prefix` that starts with it: one range. */
  usernamesCompleting(prefix: string): Run {
    // Past the prefix itself (an equal word, listed), up to the first word not starting with it.
    return { list: this.runSlots, from: this.runBound(prefix, true), to: this.runBound(`${prefix}\uffff`, false) };
  }

  /** Words in use that share a typo key with `query` deleted up to `deletes` letters: candidates to check. */
  typoCandidates(query: string, deletes: number): Term[] {
    const found: Term[] = [];
    for (const id of this.keys.candidates(query, deletes)) {
      const term = this.termsById[id];
      if (term && term.uses.some((uses) => uses > 0)) found.push(term);
    }
    return found;
  }

  /** Every listing, oldest first. */
  listings(): readonly Doc[] {
    return this.byListing;
  }

  /** Places in use holding one of `words`. */
  placesHolding(words: Iterable<string>): Set<Place> {
    const found = new Set<Place>();
    for (const word of words) for (const place of this.placesByWord.get(word) ?? []) if (place.uses > 0) found.add(place);
    return found;
  }

  /** Everything the index holds, in a canonical order: tests compare an index kept by changes with one loaded at once. */
  snapshot() {
    // Ids differ with the order words were first seen: compared as the words they stand for.
    // Slots differ with the order of changes: each listing's words in the word table are compared as the words they stand for.
    const { words, starts, counts } = this.layout;
    const docs = [...this.docs.values()].sort(listingOrder).map(({ slot, ...doc }) => ({
      ...doc,
      table: [...words.subarray(starts[slot]!, starts[slot]! + counts[slot]!)].map((entry) => [
        entryField(entry),
        this.termsById[entryId(entry)]!.word,
      ]),
    }));
    const terms = [...this.terms.values()]
      .filter((term) => term.uses.some((uses) => uses > 0))
      .map((term) => ({
        word: term.word,
        uses: term.uses,
        postings: term.postings.map((list) => list.map((slot) => this.bySlot[slot]!.listingId)),
        spellings: [...term.spellings].sort(),
      }))
      .sort((a, b) => (a.word < b.word ? -1 : 1));
    const places = [...this.places.values()]
      .filter((place) => place.uses > 0)
      .map((place) => ({ key: place.key, uses: place.uses, spellings: [...place.spellings].sort() }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    const skills = [...this.skillSets]
      .map(([skill, set]) => [skill, this.bySlot.flatMap((doc, slot) => (doc && hasBit(set, slot) ? [doc.listingId] : [])).sort()] as const)
      .filter(([, ids]) => ids.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    // By field, the words in use there in word order; each username word's run as the listings it holds.
    const sorted = FIELDS.map((field) => this.sortedTerms[field].filter((term) => term.uses[field] > 0).map((term) => term.word));
    // The (username word, listing) pairs in their order, a word's listings together.
    const runs: [string, string[]][] = [];
    for (let k = 0; k < this.runSize; k++) {
      const word = this.termsById[this.runIds[k]!]!.word;
      if (runs.at(-1)?.[0] !== word) runs.push([word, []]);
      runs.at(-1)![1].push(this.bySlot[this.runSlots[k]!]!.listingId);
    }
    for (const [, ids] of runs) ids.sort();
    return {
      docs,
      terms,
      places,
      skills,
      order: this.byListing.map((doc) => doc.listingId),
      sorted,
      runs,
    };
  }

  private clear(): void {
    this.docs.clear();
    this.terms.clear();
    this.termsById.length = 0;
    for (const list of this.sortedTerms) list.length = 0;
    this.runSize = 0;
    this.byListing.length = 0;
    this.places.clear();
    this.placesByWord.clear();
    this.skillSets.clear();
    this.keys.build([]);
    this.bySlot.length = 0;
    this.freeSlots.length = 0;
    this.wordsEnd = 0;
    this.wordsFreed = 0;
  }

  /**
   * Adds `doc` everywhere; `sorted` keeps lists in order now (one change) rather than after a
   * bulk load, or, given `later`, at the end of a batch of changes (`applyChanges`).
   */
  private file(doc: Doc, sorted: boolean, fresh: Term[], later?: Later): void {
    this.docs.set(doc.userId, doc);
    const slot = this.freeSlots.pop() ?? this.bySlot.length;
    doc.slot = slot;
    this.bySlot[slot] = doc;
    const count = doc.words[0].length + doc.words[1].length + doc.words[2].length;
    const layout = this.room(slot, count);
    layout.starts[slot] = this.wordsEnd;
    layout.counts[slot] = count;
    const bySlot = this.bySlot as Doc[];
    const order = (a: number, b: number) => rankOrder(bySlot[a]!, bySlot[b]!);
    for (const field of FIELDS) {
      const words = doc.words[field] as string[];
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        const term = this.termFor(word, sorted, fresh);
        // The vocabulary's own string: listings share one copy of a word, which a search reads warm.
        words[i] = term.word;
        layout.words[this.wordsEnd++] = wordEntry(term.id, field);
        term.uses[field] += 1;
        if ((term.inFields & (1 << field)) === 0) {
          term.inFields |= 1 << field;
          if (!sorted) this.sortedTerms[field].push(term);
          else if (later) later.sortedIn[field].push(term);
          else insertSorted(this.sortedTerms[field], term, termOrder);
        }
        if (later) {
          if (field === FIELD.username) later.runsIn.push(term.id, slot);
          const into = later.postingsIn[field].get(term);
          if (into) into.push(slot);
          else later.postingsIn[field].set(term, [slot]);
        } else {
          if (sorted && field === FIELD.username) this.moveRun(term, slot, 1);
          let postings = term.postings[field];
          if (postings === NO_POSTINGS) term.postings[field] = postings = [];
          if (sorted) insertSorted(postings, slot, order);
          else postings.push(slot);
        }
        if (field === FIELD.name)
          for (const spelling of splitWords(doc.name))
            if (this.fold(spelling) === word) {
              if (term.spellings === NO_SPELLINGS) term.spellings = new Map();
              addCount(term.spellings, spelling, 1);
            }
      }
    }
    for (const skill of doc.skills) setBit(this.skillSet(skill, slot), slot);
    if (later) later.listingsIn.push(doc);
    else if (sorted) insertSorted(this.byListing, doc, listingOrder);
    else this.byListing.push(doc);
    if (doc.place) {
      const place = this.placeFor(doc.place);
      place.uses += 1;
      addCount(place.spellings, doc.location.trim(), 1);
    }
  }

  /** Takes `doc` out of everything; given `later`, out of the long lists at the end of a batch of changes, and its slot is given again only then. */
  private unfile(doc: Doc, later?: Later): void {
    this.docs.delete(doc.userId);
    const bySlot = this.bySlot as Doc[];
    const order = (a: number, b: number) => rankOrder(bySlot[a]!, bySlot[b]!);
    if (later) later.gone.add(doc.slot);
    for (const field of FIELDS) {
      for (const word of doc.words[field]) {
        const term = this.terms.get(word)!;
        term.uses[field] -= 1;
        // Filed in this field: its list and spellings are its own.
        if (later) later.postingsOut[field].add(term);
        else removeSorted(term.postings[field], doc.slot, order);
        if (field === FIELD.username && !later) this.moveRun(term, doc.slot, -1);
        if (field === FIELD.name)
          for (const spelling of splitWords(doc.name)) if (foldWord(spelling) === word) addCount(term.spellings, spelling, -1);
      }
    }
    for (const skill of doc.skills) {
      const set = this.skillSets.get(skill);
      if (set && doc.slot >>> 5 < set.length) set[doc.slot >>> 5] = set[doc.slot >>> 5]! & ~(1 << (doc.slot & 31));
    }
    if (!later) removeSorted(this.byListing, doc, listingOrder);
    if (doc.place) {
      const place = this.places.get(doc.place)!;
      place.uses -= 1;
      addCount(place.spellings, doc.location.trim(), -1);
    }
    this.wordsFreed += this.layout.counts[doc.slot]!;
    this.layout.counts[doc.slot] = 0;
    this.bySlot[doc.slot] = undefined;
    if (!later) this.freeSlots.push(doc.slot);
  }

  /**
   * The end of a batch of changes: each long list changed by it is rebuilt once, the listings
   * gone filtered out and the new ones, sorted among themselves, merged in (linear in the list,
   * where a change at a time moves the list's tail once per change).
   */
  private settle(later: Later): void {
    const bySlot = this.bySlot as Doc[];
    const order = (a: number, b: number) => rankOrder(bySlot[a]!, bySlot[b]!);
    const gone = later.gone;
    for (const field of FIELDS) {
      for (const term of later.postingsOut[field]) term.postings[field] = term.postings[field].filter((slot) => !gone.has(slot));
      for (const [term, slots] of later.postingsIn[field]) {
        term.postings[field] = merged(term.postings[field], slots.sort(order), order);
      }
      if (later.sortedIn[field].length > 0)
        this.sortedTerms[field] = merged(this.sortedTerms[field], later.sortedIn[field].sort(termOrder), termOrder);
    }
    // The (username word, listing) pairs: the gone listings' out, the new ones merged in by word.
    let kept = 0;
    for (let k = 0; k < this.runSize; k++)
      if (!gone.has(this.runSlots[k]!)) {
        this.runIds[kept] = this.runIds[k]!;
        this.runSlots[kept++] = this.runSlots[k]!;
      }
    this.runSize = kept;
    const pairs = later.runsIn;
    if (pairs.length > 0) {
      const added = Array.from({ length: pairs.length / 2 }, (_, i) => i).sort((a, b) => {
        const x = this.termsById[pairs[2 * a]!]!.word;
        const y = this.termsById[pairs[2 * b]!]!.word;
        return x < y ? -1 : x > y ? 1 : a - b;
      });
      const size = kept + added.length;
      const ids = new Int32Array(Math.max(1024, size + (size >>> 3)));
      const slots = new Int32Array(ids.length);
      let from = 0;
      let k = 0;
      for (const pair of added) {
        // After the word's pairs already filed, as `moveRun` puts them; the stretch before is copied as it is.
        const to = this.runBound(this.termsById[pairs[2 * pair]!]!.word, true);
        ids.set(this.runIds.subarray(from, to), k);
        slots.set(this.runSlots.subarray(from, to), k);
        k += to - from;
        from = to;
        ids[k] = pairs[2 * pair]!;
        slots[k++] = pairs[2 * pair + 1]!;
      }
      ids.set(this.runIds.subarray(from, kept), k);
      slots.set(this.runSlots.subarray(from, kept), k);
      this.runIds = ids;
      this.runSlots = slots;
      this.runSize = size;
    }
    // A gone listing's slot is given again only after this: no listing filed now holds it.
    const listings = this.byListing.filter((doc) => !gone.has(doc.slot));
    this.byListing = merged(listings, later.listingsIn.sort(listingOrder), listingOrder);
    for (const slot of gone) this.freeSlots.push(slot);
  }

  private fold(spelling: string): string {
    const cache = this.foldCache;
    if (!cache) return foldWord(spelling);
    let folded = cache.get(spelling);
    if (folded === undefined) cache.set(spelling, (folded = foldWord(spelling)));
    return folded;
  }

  /** The first (username word, listing) pair whose word is not before `word` (`after`: is after it). */
  private runBound(word: string, after: boolean): number {
    let low = 0;
    let high = this.runSize;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const at = this.termsById[this.runIds[mid]!]!.word;
      if (at < word || (after && at === word)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Files the pair (username word, `slot`) in word order (`by` 1), or takes it out (-1). */
  private moveRun(term: Term, slot: number, by: 1 | -1): void {
    const size = this.runSize;
    if (by === 1) {
      if (size === this.runIds.length) {
        this.runIds = grown(this.runIds, size * 2);
        this.runSlots = grown(this.runSlots, size * 2);
      }
      const at = this.runBound(term.word, true);
      this.runIds.copyWithin(at + 1, at, size);
      this.runSlots.copyWithin(at + 1, at, size);
      this.runIds[at] = term.id;
      this.runSlots[at] = slot;
      this.runSize += 1;
      return;
    }
    const from = this.runBound(term.word, false);
    const found = this.runSlots.subarray(from, this.runBound(term.word, true)).indexOf(slot);
    if (found < 0) return;
    this.runIds.copyWithin(from + found, from + found + 1, size);
    this.runSlots.copyWithin(from + found, from + found + 1, size);
    this.runSize -= 1;
  }

  /**
   * The layout with room for `slot` and `count` more words at `wordsEnd`. A full word table is
   * copied without the words of listings gone, into one twice as large when they fill half of it.
   */
  private room(slot: number, count: number): Layout {
    let { words, starts, counts } = this.layout;
    if (slot >= starts.length) {
      const size = Math.max(slot + 1, starts.length * 2);
      starts = grown(starts, size);
      counts = grown(counts, size);
    }
    if (this.wordsEnd + count > words.length) {
      let size = Math.max(1024, words.length);
      while (size < 2 * (this.wordsEnd - this.wordsFreed + count)) size *= 2;
      const next = new Int32Array(size);
      let end = 0;
      for (let s = 0; s < this.bySlot.length; s++) {
        if (!this.bySlot[s] || s === slot) continue;
        next.set(words.subarray(starts[s]!, starts[s]! + counts[s]!), end);
        starts[s] = end;
        end += counts[s]!;
      }
      words = next;
      this.wordsEnd = end;
      this.wordsFreed = 0;
    }
    this.layout = { words, starts, counts };
    return this.layout;
  }

  /** The word's entry, made on first use (a word whose uses fall to 0 stays, unused, and is reused if it comes back). */
  private termFor(word: string, sorted: boolean, fresh: Term[]): Term {
    let term = this.terms.get(word);
    if (term) return term;
    const id = this.termsById.length;
    if (id > MAX_WORD_ID) throw new Error("the search vocabulary is full");
    term = { id, word, uses: [0, 0, 0], postings: [NO_POSTINGS, NO_POSTINGS, NO_POSTINGS], spellings: NO_SPELLINGS, inFields: 0 };
    this.terms.set(word, term);
    this.termsById.push(term);
    if (sorted) this.keys.add(id, word);
    else fresh.push(term);
    return term;
  }

  /** The skill's bit set, with room for `slot`. */
  private skillSet(skill: string, slot: number): Uint32Array {
    let set = this.skillSets.get(skill);
    if (!set || set.length <= slot >>> 5) {
      const grown = new Uint32Array(Math.max(64, 2 * ((slot >>> 5) + 1)));
      if (set) grown.set(set);
      this.skillSets.set(skill, (set = grown));
    }
    return set;
  }

  private placeFor(key: string): Place {
    let place = this.places.get(key);
    if (place) return place;
    place = { key, words: key.split(" "), uses: 0, spellings: new Map() };
    this.places.set(key, place);
    for (const word of place.words) {
      let holding = this.placesByWord.get(word);
      if (!holding) this.placesByWord.set(word, (holding = new Set()));
      holding.add(place);
    }
    return place;
  }
}
