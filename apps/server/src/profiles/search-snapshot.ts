import { createHash } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { profilePostSchema } from "@vam/shared";
import { NO_HELD_TIME, type Doc, type HeldTime } from "./search-index.js";
import { foldWord, splitWords } from "./search-words.js";

/*
 * A copy of the search index's listings on disk, so that an instance starts from it and the
 * change log instead of reading every listing from the database (decision 0029). The file holds
 * the listings as the index files them (`Doc`: words folded, card encoded), the change-log
 * watermark they are current to (the replica's xmin), the database's clock when they were
 * taken and which database they came from. Loading it and reading the changes since the
 * watermark gives the index a full load would give; anything wrong with the file (missing,
 * another format or code version, another database, older than the change log keeps, cut short,
 * its checksum not matching) answers `undefined` with the reason, and the caller loads
 * everything from the database.
 *
 * Format: UTF-8 lines. The first is the header (JSON); then the table of strings (`Row`), as
 * JSON arrays; then the listings, `CHUNK` to a line, each a JSON array of rows; the last is `{"end":…}` with the number of listings and
 * the SHA-256 of every line before it. Written to a temporary file and renamed over the old one,
 * so a reader sees a whole file or the previous one.
 */

/** Bump when `Doc`, `toRow` or what a listing's words are made from changes: older files are then ignored. */
export const SNAPSHOT_VERSION = 1;
const FORMAT = "vam-search-snapshot";
/** Listings per line: a line is parsed (and written) at once, small enough not to hold the event loop long. */
const CHUNK = 5000;
const STRINGS_CHUNK = 50_000;
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
      .update(String(SNAPSHOT_VERSION))
      .digest("base64url"));
})();

export interface SnapshotHeader {
  format: typeof FORMAT;
  version: number;
  code: string;
  /** Which database: the snapshot is used only with the one it came from. */
  database: string;
  /** Every change of a transaction from this one on is read again after loading. */
  xmin: string;
  /** The database's clock when the listings were taken (ms): the change log must still hold what followed. */
  takenAt: number;
  listings: number;
}

/**
 * A listing as a line holds it. Words, skills, places and locations repeat from listing to
 * listing: they are numbers into the file's table of strings, so that reading gives one string
 * per distinct value (the index looks each up by it: hashed once, not once per listing).
 */
type Row = [
  userId: string,
  listingId: string,
  listedAt: string,
  rating: number,
  names: number[],
  usernames: number[],
  places: number[],
  skills: number[],
  place: number,
  name: string,
  location: number,
  json: string,
  ranges: number[],
  blocks: [string, string, string | null][],
  holidaysOff: boolean,
  holidaysKept: string[] | null,
];

/** The strings of the table, and each one's number. */
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

function toRow(doc: Doc, strings: Strings): Row {
  const of = (list: readonly string[]) => list.map((value) => strings.of(value));
  return [
    doc.userId,
    doc.listingId,
    doc.listedAt,
    doc.rating,
    of(doc.words[0]),
    of(doc.words[1]),
    of(doc.words[2]),
    of(doc.skills),
    strings.of(doc.place),
    doc.name,
    strings.of(doc.location),
    doc.json,
    [...doc.held.ranges],
    doc.held.blocks.map((block) => [block.from, block.to, block.slot ?? null]),
    doc.held.holidaysOff,
    doc.held.holidaysKept ? [...doc.held.holidaysKept] : null,
  ];
}

function fromRow(row: Row, strings: readonly string[]): Doc {
  const [userId, listingId, listedAt, rating, names, usernames, places, skills, place, name, location, json, ranges, blocks, holidaysOff, kept] = row;
  const string = (number: number) => {
    const value = strings[number];
    if (value === undefined) throw new Error("a string number past the table");
    return value;
  };
  const held: HeldTime =
    ranges.length === 0 && blocks.length === 0 && !holidaysOff && !kept
      ? NO_HELD_TIME
      : {
          ranges,
          blocks: blocks.map(([from, to, slot]) => ({ from, to, slot })),
          holidaysOff,
          ...(kept ? { holidaysKept: kept } : {}),
        };
  // The same shape as search-index.ts's toDoc makes.
  return {
    userId,
    listingId,
    listedAt,
    rating,
    words: [names.map(string), usernames.map(string), places.map(string)],
    skills: skills.map(string),
    place: string(place),
    name,
    location: string(location),
    json,
    held,
    slot: -1,
  };
}

/** The event loop's turn between two lines: searches run meanwhile. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes `docs` (a copy of the index's listings, current to `header.xmin`) to `dir`, a line at a
 * time with the event loop free between lines; answers the file's size in bytes. `signal`
 * abandons it (the previous snapshot stays).
 */
export async function writeSnapshot(
  dir: string,
  header: Omit<SnapshotHeader, "format" | "version" | "code" | "listings">,
  docs: readonly Doc[],
  signal?: AbortSignal,
) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, SNAPSHOT_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w");
  const hash = createHash("sha256");
  let bytes = 0;
  const put = async (line: string) => {
    const buffer = Buffer.from(`${line}\n`, "utf8");
    hash.update(buffer);
    bytes += buffer.length;
    await handle.write(buffer);
    await turn();
    // Stopping (the instance shuts down): the half-written file goes.
    signal?.throwIfAborted();
  };
  try {
    const full: SnapshotHeader = { format: FORMAT, version: SNAPSHOT_VERSION, code: codeFingerprint(), ...header, listings: docs.length };
    await put(JSON.stringify(full));
    // The rows fill the table of strings, written after them (the end line says where).
    const strings = new Strings();
    for (let i = 0; i < docs.length; i += CHUNK) await put(JSON.stringify(docs.slice(i, i + CHUNK).map((doc) => toRow(doc, strings))));
    const table = bytes;
    for (let i = 0; i < strings.list.length; i += STRINGS_CHUNK) await put(JSON.stringify(strings.list.slice(i, i + STRINGS_CHUNK)));
    const end: SnapshotEnd = { end: docs.length, table, strings: strings.list.length, sha256: hash.digest("hex") };
    const last = `${JSON.stringify(end)}\n`;
    await handle.write(last);
    bytes += Buffer.byteLength(last);
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

/** The last line: the number of listings, where the table of strings starts (byte) and its size, the SHA-256 of every line before. */
interface SnapshotEnd {
  end: number;
  table: number;
  strings: number;
  sha256: string;
}

/** When the snapshot in `dir` was last written (ms), if there is one. */
export async function snapshotWrittenAt(dir: string): Promise<number | undefined> {
  try {
    return (await stat(path.join(dir, SNAPSHOT_FILE))).mtimeMs;
  } catch {
    return undefined;
  }
}

export type SnapshotRead = { header: SnapshotHeader; docs: Doc[] } | { reason: string };

/**
 * The snapshot in `dir` if it is whole, of this code and of `database`, and no older than
 * `maxAgeMs` by the database's clock `dbNow`; else why not.
 */
export async function readSnapshot(dir: string, expect: { database: string; dbNow: number; maxAgeMs: number }): Promise<SnapshotRead> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path.join(dir, SNAPSHOT_FILE));
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code === "ENOENT" ? "no snapshot" : `unreadable: ${(error as Error).message}` };
  }
  try {
    // The end line: the last, after the file's final newline.
    if (buffer.length === 0 || buffer[buffer.length - 1] !== 10) throw new Error("cut short");
    const endStart = buffer.lastIndexOf(10, buffer.length - 2) + 1;
    const headerEnd = buffer.indexOf(10);
    if (endStart <= headerEnd) throw new Error("cut short");
    const header = JSON.parse(buffer.toString("utf8", 0, headerEnd)) as SnapshotHeader;
    if (header.format !== FORMAT || header.version !== SNAPSHOT_VERSION) return { reason: "another format version" };
    if (header.code !== codeFingerprint()) return { reason: "made by another version of the code" };
    if (header.database !== expect.database) return { reason: "of another database" };
    const age = expect.dbNow - header.takenAt;
    if (!(age >= 0 && age <= expect.maxAgeMs)) return { reason: `taken ${Math.round(age / 1000)} s ago, beyond the change log` };
    const end = JSON.parse(buffer.toString("utf8", endStart, buffer.length - 1)) as SnapshotEnd;
    if (!(end.end === header.listings && end.table > headerEnd && end.table <= endStart)) throw new Error("the end line does not match");
    if (createHash("sha256").update(buffer.subarray(0, endStart)).digest("hex") !== end.sha256) return { reason: "checksum mismatch" };
    // Each line from `from` up to `to` (byte offsets of line starts), parsed.
    const lines = (from: number, to: number, each: (line: unknown) => void) => {
      for (let at = from; at < to;) {
        const next = buffer.indexOf(10, at);
        each(JSON.parse(buffer.toString("utf8", at, next)));
        at = next + 1;
      }
    };
    const strings: string[] = [];
    lines(end.table, endStart, (line) => {
      for (const value of line as string[]) strings.push(value);
    });
    if (strings.length !== end.strings) throw new Error("the table of strings does not match");
    const docs: Doc[] = [];
    lines(headerEnd + 1, end.table, (line) => {
      for (const row of line as Row[]) docs.push(fromRow(row, strings));
    });
    if (docs.length !== header.listings) throw new Error("the listings' count does not match");
    return { header, docs };
  } catch (error) {
    return { reason: `corrupt: ${(error as Error).message}` };
  }
}
