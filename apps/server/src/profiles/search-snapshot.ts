import { createHash } from "node:crypto";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { endianness } from "node:os";
import { setImmediate } from "node:timers/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { z } from "zod";
import { profilePostSchema } from "@vam/shared";
import { NO_HELD_TIME, TERM_STRIDE, type Doc, type HeldTime, type IndexImage } from "./search-index.js";
import { foldWord, splitWords } from "./search-words.js";
import { keyHashes } from "./typo-keys.js";

/*
 * A copy of the search index on disk, so that an instance starts from it and the change log
 * instead of reading every listing from the database (decision 0029). Since decision 0051 the
 * file holds the index's whole state (`IndexImage`: posting lists, sorted vocabularies, word
 * table, typo keys as the arrays they are in memory) and the listings' fields, so a start puts
 * everything back as it was: no listing is filed again, no list sorted, no typo key hashed.
 * The file also holds the change-log watermark it is current to (the replica's xmin), the
 * database's clock when it was taken and which database it came from. Loading it and reading
 * the changes since the watermark gives the index a full load would give; anything wrong with
 * the file (missing, another format, code version or byte order, another database, older than
 * the change log keeps, cut short, its checksum not matching) answers `undefined` with the
 * reason, and the caller loads everything from the database.
 *
 * Format: the first line is the header (JSON). Then the sections, end to end: each a typed
 * array's bytes (this machine's byte order, which the header names), UTF-8 text or JSON. Then a
 * newline and the last line, `{"end":…}`: the number of listings, each section's name, kind,
 * length and size in bytes, and the CRC-32 of every byte before that line. Written to a
 * temporary file and renamed over the old one, so a reader sees a whole file or the previous one.
 */

/** Bump when `Doc`, `IndexImage`, the sections or what a listing's words are made from changes: older files are then ignored. */
export const SNAPSHOT_VERSION = 2;
const FORMAT = "vam-search-snapshot";
/** Listings handled between two turns of the event loop while writing. */
const CHUNK = 5000;
/**
 * At most this many characters of the listings' texts in one text section, read back as one
 * string that each listing's texts are slices of. Under Node's 1,031,913 bytes above which a
 * decoded Latin-1 string is kept outside the heap: such strings count as external memory, and
 * 600 MB of them made the collector run a full collection every 64 MB (2026-11-28: 4 s more).
 */
const TEXT_CHARS = 1_000_000;
/** Bytes of a large array written at once. */
const WRITE_BYTES = 1 << 24;
/** How many texts each listing has in the text sections: user id, listing id, listing time, name, card. */
const TEXTS = 5;
export const SNAPSHOT_FILE = "search-index.snapshot";
/** The data folder's folder for it: derived data, rebuilt from the database, so backups leave it out (decision 0026). */
export const SNAPSHOT_DIR = "search-snapshot";

/**
 * What the listings' docs are made by, as behaviour: the card's schema and the word rules. A
 * file made by code that folds, splits or encodes differently has another fingerprint.
 */
export const codeFingerprint = (() => {
  let memo: string | undefined;
  return () =>
    (memo ??= createHash("sha256")
      .update(JSON.stringify(z.toJSONSchema(profilePostSchema, { io: "output", unrepresentable: "any" })))
      .update(JSON.stringify(splitWords("Ñoño_Piñas92 de la Cruz-Santos ÁÉÍÓÚÜ 3rd")))
      .update(foldWord("ÑñÁáÉéÍíÓóÚúÜü Maria"))
      .update(JSON.stringify(keyHashes("mariaclara", 2)))
      .update(String(TERM_STRIDE))
      .update(String(SNAPSHOT_VERSION))
      .digest("base64url"));
})();

export interface SnapshotHeader {
  format: typeof FORMAT;
  version: number;
  code: string;
  /** The byte order of the arrays: a file is read on a machine of its own order only. */
  endianness: "LE" | "BE";
  /** Which database: the snapshot is used only with the one it came from. */
  database: string;
  /** Every change of a transaction from this one on is read again after loading. */
  xmin: string;
  /** The database's clock when the listings were taken (ms): the change log must still hold what followed. */
  takenAt: number;
  listings: number;
}

type Kind = "i32" | "u32" | "f64" | "text" | "json";
const ARRAYS = { i32: Int32Array, u32: Uint32Array, f64: Float64Array } as const;

/** A section as the end line lists it: `length` elements of an array, or bytes of text or JSON. */
interface Section {
  name: string;
  kind: Kind;
  length: number;
  bytes: number;
  /** A text's: Latin-1 (one byte a character, read as fast as copied) when every character is below U+0100, else UTF-8. */
  encoding?: "latin1" | "utf8";
}

/** The last line. */
interface SnapshotEnd {
  end: number;
  sections: Section[];
  crc32: number;
}

/** What the JSON section "meta" holds: the image's small parts, and where the listings' texts are. */
interface Meta {
  slotCount: number;
  wordsFreed: number;
  /** Listings in each text section, in order. */
  textListings: number[];
  spellings: IndexImage["spellings"];
  places: IndexImage["places"];
  /** Each skill and the length of its bit set (the sets are "skillBits", end to end). */
  skills: [string, number][];
  /** Listings' held time, where there is any: [slot, held]. */
  held: [number, HeldTime][];
  typoPending: IndexImage["typo"]["pending"];
}

/** The strings of a table, and each one's number: places, locations and skills repeat from listing to listing. */
class Strings {
  readonly list: string[] = [];
  private readonly numbers = new Map<string, number>();
  of(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.list.length;
      this.numbers.set(value, number);
      this.list.push(value);
    }
    return number;
  }
}

/** A growing list of 32-bit numbers. */
class Numbers {
  array = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.array.length) {
      const grown = new Int32Array(this.array.length * 2);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = value;
  }
  done(): Int32Array {
    return this.array.subarray(0, this.length);
  }
}

/**
 * The CRC-32 of the bytes so far, `crc`, continued over `data`. Nothing to add answers `crc`
 * unchanged: zlib answers 0 for an empty array without memory of its own (`crc32(crc, NULL, 0)`).
 */
const crcAfter = (data: Uint8Array, crc: number) => (data.length === 0 ? crc : crc32(data, crc));

/** The event loop's turn between two pieces: searches run meanwhile. */
const turn = () => setImmediate();

/**
 * Writes the index's `image` and its listings (`docs`, by slot), current to `header.xmin`, to
 * `dir`, a piece at a time with the event loop free between pieces; answers the file's size in
 * bytes. `signal` abandons it (the previous snapshot stays).
 */
export async function writeSnapshot(
  dir: string,
  header: Omit<SnapshotHeader, "format" | "version" | "code" | "endianness" | "listings">,
  { image, docs }: { image: IndexImage; docs: readonly (Doc | undefined)[] },
  signal?: AbortSignal,
) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, SNAPSHOT_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w");
  let crc = 0;
  let bytes = 0;
  const put = async (data: Uint8Array) => {
    crc = crcAfter(data, crc);
    bytes += data.length;
    await handle.write(data);
    await turn();
    // Stopping (the instance shuts down): the half-written file goes.
    signal?.throwIfAborted();
  };
  const sections: Section[] = [];
  const array = async (name: string, kind: "i32" | "u32" | "f64", values: Int32Array | Uint32Array | Float64Array) => {
    const all = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    for (let at = 0; at < all.length; at += WRITE_BYTES) await put(all.subarray(at, at + WRITE_BYTES));
    sections.push({ name, kind, length: values.length, bytes: all.length });
  };
  const json = async (name: string, value: unknown) => {
    const data = Buffer.from(JSON.stringify(value), "utf8");
    await put(data);
    sections.push({ name, kind: "json", length: data.length, bytes: data.length });
  };
  try {
    const filled = docs.filter((doc) => doc !== undefined).length;
    const full: SnapshotHeader = {
      format: FORMAT,
      version: SNAPSHOT_VERSION,
      code: codeFingerprint(),
      endianness: endianness(),
      ...header,
      listings: filled,
    };
    await put(Buffer.from(`${JSON.stringify(full)}\n`, "utf8"));
    // The listings, in slot order: their texts in sections of at most TEXT_CHARS characters, the rest as columns.
    const strings = new Strings();
    const lengths = new Numbers();
    const ratings = new Float64Array(filled);
    const places = new Numbers();
    const locations = new Numbers();
    const skillCounts = new Numbers();
    const skills = new Numbers();
    const held: [number, HeldTime][] = [];
    const textListings: number[] = [];
    let pieces: string[] = [];
    let chars = 0;
    let inText = 0;
    let k = 0;
    const flush = async () => {
      const joined = pieces.join("");
      const encoding = /[\u0100-\uffff]/.test(joined) ? "utf8" : "latin1";
      const data = Buffer.from(joined, encoding);
      await put(data);
      sections.push({ name: "text", kind: "text", length: data.length, bytes: data.length, encoding });
      textListings.push(inText);
      pieces = [];
      chars = 0;
      inText = 0;
    };
    for (let slot = 0; slot < docs.length; slot++) {
      const doc = docs[slot];
      if (!doc) continue;
      const texts = [doc.userId, doc.listingId, doc.listedAt, doc.name, doc.json];
      const size = texts.reduce((sum, piece) => sum + piece.length, 0);
      if (inText > 0 && chars + size > TEXT_CHARS) await flush();
      for (const piece of texts) {
        pieces.push(piece);
        lengths.push(piece.length);
        chars += piece.length;
      }
      inText += 1;
      ratings[k] = doc.rating;
      places.push(strings.of(doc.place));
      locations.push(strings.of(doc.location));
      skillCounts.push(doc.skills.length);
      for (const skill of doc.skills) skills.push(strings.of(skill));
      if (doc.held !== NO_HELD_TIME) held.push([slot, doc.held]);
      k += 1;
      if (k % CHUNK === 0) await turn();
    }
    if (inText > 0) await flush();
    await array("textLengths", "i32", lengths.done());
    await array("ratings", "f64", ratings);
    await array("places", "i32", places.done());
    await array("locations", "i32", locations.done());
    await array("skillCounts", "i32", skillCounts.done());
    await array("skills", "i32", skills.done());
    await json("strings", strings.list);
    await json("words", image.words);
    for (const [name, values] of [
      ["terms", image.terms],
      ["postings", image.postings],
      ["sorted0", image.sorted[0]],
      ["sorted1", image.sorted[1]],
      ["sorted2", image.sorted[2]],
      ["runIds", image.runIds],
      ["runSlots", image.runSlots],
      ["layoutWords", image.layoutWords],
      ["starts", image.starts],
      ["counts", image.counts],
      ["byListing", image.byListing],
      ["freeSlots", image.freeSlots],
    ] as const)
      await array(name, "i32", values);
    const bits = new Uint32Array(image.skills.reduce((sum, [, set]) => sum + set.length, 0));
    let at = 0;
    for (const [, set] of image.skills) {
      bits.set(set, at);
      at += set.length;
    }
    await array("skillBits", "u32", bits);
    await array("typo", "f64", image.typo.sorted);
    const meta: Meta = {
      slotCount: image.slotCount,
      wordsFreed: image.wordsFreed,
      textListings,
      spellings: image.spellings,
      places: image.places,
      skills: image.skills.map(([skill, set]) => [skill, set.length]),
      held,
      typoPending: image.typo.pending,
    };
    await json("meta", meta);
    await put(Buffer.from("\n"));
    const end: SnapshotEnd = { end: filled, sections, crc32: crc };
    const last = Buffer.from(`${JSON.stringify(end)}\n`, "utf8");
    await handle.write(last);
    bytes += last.length;
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  return bytes;
}

/** When the snapshot in `dir` was last written (ms), if there is one. */
export async function snapshotWrittenAt(dir: string): Promise<number | undefined> {
  try {
    return (await stat(path.join(dir, SNAPSHOT_FILE))).mtimeMs;
  } catch {
    return undefined;
  }
}

/** A snapshot read: its header, the index's image, and the listing of each filled slot (asked for in slot order, as `SearchIndex.restore` does). */
export type SnapshotRead = { header: SnapshotHeader; image: IndexImage; doc: (slot: number, words: Doc["words"]) => Doc } | { reason: string };

/** `length` bytes of the file from `position`, into memory of their own (not zeroed first: every byte is read). */
async function readAt(handle: FileHandle, position: number, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const data = new Uint8Array(Buffer.allocUnsafeSlow(length).buffer, 0, length);
  for (let done = 0; done < length;) {
    const { bytesRead } = await handle.read(data, done, length - done, position + done);
    if (bytesRead === 0) throw new Error("cut short");
    done += bytesRead;
  }
  return data;
}

/**
 * The snapshot in `dir` if it is whole, of this code and of `database`, and no older than
 * `maxAgeMs` by the database's clock `dbNow`; else why not.
 */
export async function readSnapshot(dir: string, expect: { database: string; dbNow: number; maxAgeMs: number }): Promise<SnapshotRead> {
  let handle: FileHandle;
  try {
    handle = await open(path.join(dir, SNAPSHOT_FILE), "r");
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code === "ENOENT" ? "no snapshot" : `unreadable: ${(error as Error).message}` };
  }
  try {
    const size = (await handle.stat()).size;
    const head = await readAt(handle, 0, Math.min(size, 1 << 16));
    const headerEnd = head.indexOf(10);
    if (headerEnd < 0) throw new Error("cut short");
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const header = JSON.parse(decoder.decode(head.subarray(0, headerEnd))) as SnapshotHeader;
    if (header.format !== FORMAT || header.version !== SNAPSHOT_VERSION) return { reason: "another format version" };
    if (header.code !== codeFingerprint()) return { reason: "made by another version of the code" };
    if (header.endianness !== endianness()) return { reason: "of another byte order" };
    if (header.database !== expect.database) return { reason: "of another database" };
    const age = expect.dbNow - header.takenAt;
    if (!(age >= 0 && age <= expect.maxAgeMs)) return { reason: `taken ${Math.round(age / 1000)} s ago, beyond the change log` };
    // The end line: the last, after the file's final newline.
    const tailStart = Math.max(0, size - (1 << 20));
    const tail = await readAt(handle, tailStart, size - tailStart);
    if (tail.length === 0 || tail[tail.length - 1] !== 10) throw new Error("cut short");
    const endStart = tailStart + tail.lastIndexOf(10, tail.length - 2) + 1;
    if (endStart <= headerEnd + 1) throw new Error("cut short");
    const end = JSON.parse(decoder.decode(tail.subarray(endStart - tailStart, tail.length - 1))) as SnapshotEnd;
    const total = end.sections.reduce((sum, section) => sum + section.bytes, 0);
    if (!(end.end === header.listings && headerEnd + 1 + total + 1 === endStart)) throw new Error("the end line does not match");
    let crc = crc32(head.subarray(0, headerEnd + 1));
    let position = headerEnd + 1;
    const sections: { section: Section; data: Uint8Array<ArrayBuffer> }[] = [];
    for (let i = 0; i < end.sections.length;) {
      // The listings' texts (many sections, one after another) in one read, each a part of it; the rest each on its own.
      let to = i + 1;
      if (end.sections[i]!.kind === "text") while (to < end.sections.length && end.sections[to]!.kind === "text") to++;
      const run = end.sections.slice(i, to);
      const data = await readAt(
        handle,
        position,
        run.reduce((sum, section) => sum + section.bytes, 0),
      );
      crc = crcAfter(data, crc);
      let at = 0;
      for (const section of run) {
        sections.push({ section, data: data.subarray(at, at + section.bytes) });
        at += section.bytes;
      }
      position += at;
      i = to;
    }
    crc = crcAfter(Buffer.from("\n"), crc);
    if (crc !== end.crc32) return { reason: "checksum mismatch" };
    return { header, ...decode(sections, header.listings) };
  } catch (error) {
    return { reason: `corrupt: ${(error as Error).message}` };
  } finally {
    await handle.close();
  }
}

interface SkillLists {
  list?: string[];
  next: Map<number, SkillLists>;
}

/** The image and the listings from the sections read. */
function decode(
  sections: { section: Section; data: Uint8Array<ArrayBuffer> }[],
  listings: number,
): Pick<Extract<SnapshotRead, { image: IndexImage }>, "image" | "doc"> {
  const named = new Map<string, { section: Section; data: Uint8Array<ArrayBuffer> }>();
  const texts: { section: Section; data: Uint8Array<ArrayBuffer> }[] = [];
  for (const read of sections) {
    if (read.section.kind === "text") texts.push(read);
    else named.set(read.section.name, read);
  }
  const get = (name: string) => {
    const read = named.get(name);
    if (!read) throw new Error(`no section ${name}`);
    return read;
  };
  const array = <K extends "i32" | "u32" | "f64">(name: string, kind: K): InstanceType<(typeof ARRAYS)[K]> => {
    const { section, data } = get(name);
    const type = ARRAYS[kind];
    if (section.kind !== kind || section.bytes !== section.length * type.BYTES_PER_ELEMENT) throw new Error(`section ${name} is not its kind`);
    return new type(data.buffer, data.byteOffset, section.length) as InstanceType<(typeof ARRAYS)[K]>;
  };
  const decodeText = (data: Uint8Array<ArrayBuffer>, encoding: BufferEncoding = "utf8") =>
    Buffer.from(data.buffer, data.byteOffset, data.length).toString(encoding);
  const json = <T>(name: string): T => JSON.parse(decodeText(get(name).data)) as T;
  const meta = json<Meta>("meta");
  const bits = array("skillBits", "u32");
  let at = 0;
  const skills = meta.skills.map(([skill, length]) => {
    const set = bits.slice(at, at + length);
    at += length;
    return [skill, set] as const;
  });
  const image: IndexImage = {
    slotCount: meta.slotCount,
    freeSlots: array("freeSlots", "i32"),
    byListing: array("byListing", "i32"),
    words: json<string[]>("words"),
    terms: array("terms", "i32"),
    postings: array("postings", "i32"),
    spellings: meta.spellings,
    sorted: [array("sorted0", "i32"), array("sorted1", "i32"), array("sorted2", "i32")],
    runIds: array("runIds", "i32"),
    runSlots: array("runSlots", "i32"),
    layoutWords: array("layoutWords", "i32"),
    starts: array("starts", "i32"),
    counts: array("counts", "i32"),
    wordsFreed: meta.wordsFreed,
    skills,
    places: meta.places,
    typo: { sorted: array("typo", "f64"), pending: meta.typoPending },
  };
  if (image.slotCount - image.freeSlots.length !== listings || image.byListing.length !== listings)
    throw new Error("the listings' count does not match");
  const strings = json<string[]>("strings");
  const string = (number: number) => {
    const value = strings[number];
    if (value === undefined) throw new Error("a string number past the table");
    return value;
  };
  const lengths = array("textLengths", "i32");
  const ratings = array("ratings", "f64");
  const places = array("places", "i32");
  const locations = array("locations", "i32");
  const skillCounts = array("skillCounts", "i32");
  const skillNumbers = array("skills", "i32");
  if (lengths.length !== listings * TEXTS || ratings.length !== listings || meta.textListings.length !== texts.length)
    throw new Error("the listings' columns do not match");
  const held = new Map(meta.held);
  // The listings' texts: each a slice of its section's string, read when the first listing of the section is asked for.
  let k = 0;
  let section = -1;
  let left = 0;
  let chunk = "";
  let offset = 0;
  let skillAt = 0;
  /** The skill lists made so far, by their skills' numbers in order (a tree: looked up without making a key). */
  const skillLists: SkillLists = { next: new Map() };
  /** The listing's next text: a slice of its section's string. */
  let lengthAt = 0;
  const next = () => {
    const length = lengths[lengthAt++]!;
    const value = chunk.slice(offset, offset + length);
    offset += length;
    return value;
  };
  const doc = (slot: number, words: Doc["words"]): Doc => {
    if (k >= listings) throw new Error("more listings than the snapshot holds");
    while (left === 0) {
      section += 1;
      const read = texts[section];
      if (!read) throw new Error("the listings' texts end early");
      chunk = decodeText(read.data, read.section.encoding === "latin1" ? "latin1" : "utf8");
      // Decoded: the block the texts were read in goes once every section is.
      texts[section] = { section: read.section, data: new Uint8Array(0) };
      left = meta.textListings[section]!;
      offset = 0;
    }
    const userId = next();
    const listingId = next();
    const listedAt = next();
    const name = next();
    const json = next();
    if (offset > chunk.length) throw new Error("the listings' texts end early");
    // Listings with the same skills share one list (a listing's skills are never changed).
    const count = skillCounts[k]!;
    let node = skillLists;
    for (let i = skillAt; i < skillAt + count; i++) {
      let child = node.next.get(skillNumbers[i]!);
      if (!child) node.next.set(skillNumbers[i]!, (child = { next: new Map() }));
      node = child;
    }
    const skillList = (node.list ??= Array.from(skillNumbers.subarray(skillAt, skillAt + count), string));
    skillAt += count;
    // The same shape as search-index.ts's toDoc makes.
    const made: Doc = {
      userId,
      listingId,
      listedAt,
      rating: ratings[k]!,
      words,
      skills: skillList,
      place: string(places[k]!),
      name,
      location: string(locations[k]!),
      json,
      held: held.get(slot) ?? NO_HELD_TIME,
      slot,
    };
    k += 1;
    left -= 1;
    return made;
  };
  return { image, doc };
}
