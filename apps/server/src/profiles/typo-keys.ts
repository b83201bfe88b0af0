/*
 * Typo candidates by symmetric delete (as SymSpell): a vocabulary word is filed under itself
 * with up to one (3-5 letters) or two (6 or more) letters deleted; a query word's own deletions
 * (up to its allowance) are looked up, and every word within the allowance shares a key with
 * it, so recall is exact. Candidates are then checked by the caller (search-words.ts wordMatch).
 *
 * Keys are 29-bit hashes of the deleted forms, packed with the word's id into one double and
 * kept sorted in a Float64Array: about 8 bytes a key instead of a string in a map (decision
 * 0014 measured 250 MB and 6 s for the map at 67,000 words). A hash collision only adds a
 * candidate that the check then refuses. Words filed after the bulk build wait in a small map
 * that is merged into the sorted array once it grows.
 */

const ID_BITS = 24;
const ID_SPAN = 2 ** ID_BITS;
/** The sorted keys are found through a directory by the hash's top 16 bits: a look-up reads one small stretch, not 23 far-apart places. */
const BUCKET_BITS = 16;
const BUCKET_SPAN = 2 ** (29 - BUCKET_BITS) * ID_SPAN;
/** Word ids must fit beside the hash in a double's 53 exact bits. */
export const MAX_WORD_ID = ID_SPAN - 1;

/** Letters deleted for a vocabulary word's keys: numbers have no typos; 1-2 letter words none (no query word reaches them). */
export function keyDeletes(word: string): number {
  if (word.length <= 2 || /^[0-9]+$/.test(word)) return 0;
  return word.length <= 5 ? 1 : 2;
}

/** FNV-1a over the word's letters but the ones at `skipA` and `skipB`, cut to 29 bits. */
function hashWithout(word: string, skipA: number, skipB: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    if (i === skipA || i === skipB) continue;
    hash ^= word.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 3;
}

/** The distinct key hashes of `word` with up to `deletes` letters deleted (itself included). */
export function keyHashes(word: string, deletes: number): number[] {
  const found = new Set<number>([hashWithout(word, -1, -1)]);
  if (deletes >= 1) {
    for (let i = 0; i < word.length; i++) {
      found.add(hashWithout(word, i, -1));
      if (deletes >= 2) for (let j = i + 1; j < word.length; j++) found.add(hashWithout(word, i, j));
    }
  }
  return [...found];
}

/** The keys filed, as `TypoKeys.image` answers them: the sorted ones, and those filed since (hash and word ids). */
export interface TypoImage {
  readonly sorted: Float64Array<ArrayBuffer>;
  readonly pending: readonly (readonly [number, readonly number[]])[];
}

export class TypoKeys {
  /** hash * 2^24 + word id, ascending. */
  private sorted = new Float64Array(0);
  /** directory[b]: the first entry of bucket b (and directory[2^16] the end). */
  private directory = new Uint32Array(2 ** BUCKET_BITS + 1);
  /** Keys filed since the last merge: hash → word ids. */
  private pending = new Map<number, number[]>();
  private pendingCount = 0;

  get size(): number {
    return this.sorted.length + this.pendingCount;
  }

  /**
   * Files every word at once (the index's bulk load), replacing what was filed. The keys are
   * written as they are hashed, duplicates included, and the duplicates (a word with a
   * repeated letter has equal deletions) dropped after the sort: no set per word.
   */
  build(words: Iterable<{ id: number; word: string }>): void {
    let packed = new Float64Array(1024);
    let length = 0;
    const put = (key: number) => {
      if (length === packed.length) {
        const grown = new Float64Array(packed.length * 2);
        grown.set(packed);
        packed = grown;
      }
      packed[length++] = key;
    };
    for (const { id, word } of words) {
      const deletes = keyDeletes(word);
      if (deletes === 0) continue;
      put(hashWithout(word, -1, -1) * ID_SPAN + id);
      for (let i = 0; i < word.length; i++) {
        put(hashWithout(word, i, -1) * ID_SPAN + id);
        if (deletes >= 2) for (let j = i + 1; j < word.length; j++) put(hashWithout(word, i, j) * ID_SPAN + id);
      }
    }
    const sorted = packed.subarray(0, length).sort();
    let kept = 0;
    for (let i = 0; i < length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i]!;
    this.sorted = sorted.slice(0, kept);
    this.index();
    this.pending.clear();
    this.pendingCount = 0;
  }

  /**
   * What is filed, to keep (the index's snapshot, search-snapshot.ts): the sorted keys are never
   * changed in place (a merge makes new ones), so they are handed over as they are; the pending
   * ones are copied.
   */
  image(): TypoImage {
    return { sorted: this.sorted, pending: [...this.pending].map(([hash, ids]) => [hash, [...ids]]) };
  }

  /** Files what `image` answered, replacing what was filed. */
  restore({ sorted, pending }: TypoImage): void {
    this.sorted = sorted;
    this.index();
    this.pending = new Map(pending.map(([hash, ids]) => [hash, [...ids]]));
    this.pendingCount = pending.reduce((sum, [, ids]) => sum + ids.length, 0);
  }

  /** Files one new word. */
  add(id: number, word: string): void {
    if (id > MAX_WORD_ID) throw new Error(`typo keys hold at most ${MAX_WORD_ID + 1} words`);
    const deletes = keyDeletes(word);
    if (deletes === 0) return;
    for (const hash of keyHashes(word, deletes)) {
      const ids = this.pending.get(hash);
      if (ids) ids.push(id);
      else this.pending.set(hash, [id]);
      this.pendingCount += 1;
    }
    if (this.pendingCount > Math.max(4096, this.sorted.length / 8)) this.merge();
  }

  /** Ids of the words sharing a key with `query` with up to `deletes` letters deleted: candidates, not yet checked. */
  candidates(query: string, deletes: number): Set<number> {
    const ids = new Set<number>();
    for (const hash of keyHashes(query, deletes)) {
      const low = hash * ID_SPAN;
      const bucket = Math.floor(low / BUCKET_SPAN);
      const end = this.directory[bucket + 1]!;
      for (let i = this.lowerBound(low, this.directory[bucket]!, end); i < end && this.sorted[i]! < low + ID_SPAN; i++)
        ids.add(this.sorted[i]! - low);
      for (const id of this.pending.get(hash) ?? []) ids.add(id);
    }
    return ids;
  }

  private lowerBound(value: number, from: number, to: number): number {
    let low = from;
    let high = to;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sorted[mid]! < value) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The directory of the sorted keys, by bucket. */
  private index(): void {
    const directory = new Uint32Array(2 ** BUCKET_BITS + 1);
    let at = 0;
    for (let bucket = 0; bucket <= 2 ** BUCKET_BITS; bucket++) {
      const start = bucket * BUCKET_SPAN;
      while (at < this.sorted.length && this.sorted[at]! < start) at++;
      directory[bucket] = at;
    }
    this.directory = directory;
  }

  /** The pending keys into the sorted array, in one linear merge. */
  private merge(): void {
    const extra = new Float64Array(this.pendingCount);
    let n = 0;
    for (const [hash, ids] of this.pending) for (const id of ids) extra[n++] = hash * ID_SPAN + id;
    extra.sort();
    const merged = new Float64Array(this.sorted.length + extra.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted.length && j < extra.length) merged[k++] = this.sorted[i]! <= extra[j]! ? this.sorted[i++]! : extra[j++]!;
    while (i < this.sorted.length) merged[k++] = this.sorted[i++]!;
    while (j < extra.length) merged[k++] = extra[j++]!;
    this.sorted = merged;
    this.index();
    this.pending.clear();
    this.pendingCount = 0;
  }
}
