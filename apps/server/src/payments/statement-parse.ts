import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { MSG, paymentReferencesIn } from "@vam/shared";

/*
 * Reading a receiving account's transaction history (decisions.md, "Reconciling payments"): the
 * CSV the operator exports from GCash, Maya or a bank, turned into statement lines with their
 * instant, their amount in centavos (positive: money in), the VA- reference a sender typed, and
 * a fingerprint that makes an import idempotent. Pure: no database, no clock. Anything doubtful
 * refuses the whole file with a message that names the line, so nothing is half imported.
 *
 * - Text: UTF-8 (a BOM dropped) or UTF-16 with its BOM; other bytes are refused naming the first
 *   line that has them (a Windows-1252 "ñ" is not guessed into UTF-8). Images, PDFs, spreadsheets
 *   (zip), web pages and one-column text are "not a CSV file". Comma, semicolon or tab.
 * - Layout: recognised by its header, looked for among the first 15 records (exports put an
 *   account preamble first); an unknown one is refused with its headers for the operator to map.
 * - Dates: year-first and month-name dates are read as written. A numeric d/m/yyyy date is read
 *   as the layout's source says (BDO, UnionBank: month first); where the source does not say
 *   (GCash, Maya, a mapping without a format) the file must settle it (a first number over 12
 *   somewhere: day first; a second: month first), else it is refused: never guessed.
 * - Formulas: a cell beginning with =, +, -, @ (after spaces), a tab or a CR that is not a plain
 *   number ("-1,000.00" is one) refuses the file (CSV injection), wherever it is.
 * - Fingerprint: sha256 of the instant, the amount and the row's cells normalised and sorted (so
 *   the column order does not matter), and the occurrence of that content in the file (two
 *   identical transfers stay two lines; an overlapping export repeats the same fingerprints).
 *
 * The known layouts and where their columns come from: test/fixtures/statements/SOURCES.md.
 */

/** The known exports, recognised by their headers; "mapped": columns the operator chose. */
export const STATEMENT_LAYOUTS = ["gcash", "maya", "bdo", "unionbank"] as const;
export type KnownStatementLayout = (typeof STATEMENT_LAYOUTS)[number];
export type StatementLayout = KnownStatementLayout | "mapped";

/** Lines of transactions a file may hold (more: the operator exports a shorter period). */
export const STATEMENT_MAX_LINES = 50_000;
/** The header is looked for among this many first records (bank exports put a preamble first). */
const HEADER_SEARCH_ROWS = 15;
const HOUR = 3_600_000;
/** Manila is UTC+8 all year (no daylight saving since 1978). */
const MANILA_OFFSET = 8 * HOUR;

/** How a file writes its numeric dates: year first, month first (11/20/2026) or day first (20/11/2026). */
export const STATEMENT_DATE_FORMATS = ["yyyy-MM-dd", "MM/dd/yyyy", "dd/MM/yyyy"] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/**
 * The columns of a layout we do not know, as the operator chose them (header texts). The amount
 * is one signed column or separate credit (money in) and debit (money out) columns. `reference`
 * is the column where senders' messages or references are (every text cell is searched for a
 * VA- reference anyway); it is the description unless `description` names another.
 * Without `dateFormat`, numeric dates are read only where the file itself settles day/month.
 */
export interface ColumnMapping {
  date: string;
  amount?: string;
  credit?: string;
  debit?: string;
  reference: string;
  sender?: string;
  description?: string;
  /** The bank's or wallet's own transaction number. */
  bankReference?: string;
  dateFormat?: StatementDateFormat;
}

export interface StatementLine {
  /** The physical line of the file (1-based) where the transaction starts. */
  lineNo: number;
  postedAt: Date;
  /** False when the export gives only a date: `postedAt` is then the start of that Manila day. */
  hasTime: boolean;
  /** Positive: money in; negative: money out. */
  amountCentavos: number;
  /** A VA- reference found in any text cell, normalised ("VA-7KQ2MX"), or null. */
  reference: string | null;
  bankReference: string | null;
  sender: string | null;
  description: string;
  /** sha256 of the line's normalised content and its occurrence in the file: the same line imported again has the same one. */
  fingerprint: string;
}

export interface ParsedStatement {
  layout: StatementLayout;
  /** The header row as written (for the mapping screen). */
  headers: string[];
  headerSignature: string;
  headerLine: number;
  lines: StatementLine[];
  /** Rows that are not transactions (titles, totals, balances, empty amounts), with why. */
  skipped: { line: number; why: string }[];
}

export type StatementErrorReason =
  | "notCsv"
  | "encoding"
  | "empty"
  | "tooManyLines"
  | "formula"
  | "missingColumns"
  | "unknownLayout"
  | "badMapping"
  | "badDate"
  | "ambiguousDate"
  | "badAmount";

/** A file refused as a whole: `message` is for the operator, `reason` for the code, `line` when one line is to blame. */
export class StatementError extends Error {
  readonly reason: StatementErrorReason;
  readonly line: number | null;
  /** The header row found (unknownLayout, missingColumns): what the mapping screen offers. */
  readonly headers: string[] | null;
  /** The columns that are missing (missingColumns). */
  readonly missing: string[] | null;
  /** The value that could not be read (badDate, ambiguousDate, badAmount, formula). */
  readonly value: string | null;

  constructor(
    reason: StatementErrorReason,
    message: string,
    details: { line?: number; headers?: string[]; missing?: string[]; value?: string } = {},
  ) {
    super(message);
    this.name = "StatementError";
    this.reason = reason;
    this.line = details.line ?? null;
    this.headers = details.headers ?? null;
    this.missing = details.missing ?? null;
    this.value = details.value ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// Layouts

type Field = "date" | "description" | "amount" | "credit" | "debit" | "bankReference" | "sender";
type DateOrder = "ymd" | "mdy" | "dmy" | "infer";

interface ColumnSpec {
  /** Normalised header texts that name the column (normHeader). */
  names: string[];
  /** The header as the export writes it, for "missing column" messages. */
  label: string;
}

interface LayoutSpec {
  id: KnownStatementLayout;
  /** Headers that only this layout has together: present, the file is this layout (complete or not). */
  anchors: string[];
  /** Every column read; each is required. */
  columns: Partial<Record<Field, ColumnSpec>>;
  /** How numeric slash dates are read (year-first and month-name dates are always read). */
  dateOrder: DateOrder;
}

const col = (label: string, ...names: string[]): ColumnSpec => ({ label, names: [normHeader(label), ...names] });

/** The known exports (sources and assumptions: test/fixtures/statements/SOURCES.md). */
const LAYOUTS: readonly LayoutSpec[] = [
  {
    id: "gcash",
    anchors: ["date and time", "reference no"],
    columns: {
      date: col("Date and Time", "date time"),
      description: col("Description"),
      bankReference: col("Reference No.", "reference number", "ref no"),
      debit: col("Debit"),
      credit: col("Credit"),
    },
    // The export writes "2026-11-20 02:33 PM"; a slash date is read only where the file settles it.
    dateOrder: "infer",
  },
  {
    id: "maya",
    anchors: ["reference id", "amount"],
    columns: {
      date: col("Date", "date and time", "datetime", "date time", "transaction date"),
      description: col("Description", "details"),
      bankReference: col("Reference ID"),
      amount: col("Amount"),
    },
    // The source describes year-first, day-first and month-first dates: the file must settle it.
    dateOrder: "infer",
  },
  {
    id: "bdo",
    anchors: ["posting date", "branch", "running balance"],
    columns: {
      date: col("Posting Date"),
      description: col("Description"),
      debit: col("Debit Amount"),
      credit: col("Credit Amount"),
    },
    dateOrder: "mdy",
  },
  {
    id: "unionbank",
    anchors: ["transaction date", "posting date", "running balance"],
    columns: {
      date: col("Transaction Date"),
      description: col("Description", "particulars"),
      bankReference: col("Reference Number", "reference no"),
      debit: col("Debit", "withdrawal"),
      credit: col("Credit", "deposit"),
    },
    dateOrder: "mdy",
  },
];

/** "Reference No." → "reference no": lower case, letters and digits, single spaces. */
function normHeader(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The key under which a mapping is remembered: the header's names, normalised and sorted (so the
 * same export with its columns in another order has the same signature).
 */
export function headerSignature(headers: readonly string[]): string {
  const names = [...new Set(headers.map(normHeader).filter((name) => name !== ""))].sort();
  return sha256(names.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

const MAGIC: readonly number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP (XLSX, ODS)
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2 (XLS)
  [0x1f, 0x8b], // gzip
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x61, 0x72, 0x21], // RAR
];

const notCsv = () => new StatementError("notCsv", MSG.statementNotCsv);
const empty = () => new StatementError("empty", MSG.statementEmpty);

/** The file's text: UTF-8 (BOM dropped) or UTF-16 with its BOM; anything else is refused. */
function decode(bytes: Buffer): string {
  if (MAGIC.some((magic) => magic.every((byte, i) => bytes[i] === byte))) throw notCsv();
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeStrict("utf-16le", bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeStrict("utf-16be", bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  // NUL bytes: a binary file, or UTF-16 without its BOM.
  if (body.includes(0)) throw notCsv();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    const line = firstInvalidLine(body);
    throw new StatementError("encoding", MSG.statementEncoding(line), { line });
  }
}

function decodeStrict(encoding: "utf-16le" | "utf-16be", bytes: Buffer): string {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    if (text.includes("\u0000")) throw notCsv();
    return text;
  } catch (error) {
    if (error instanceof StatementError) throw error;
    throw new StatementError("encoding", MSG.statementEncoding(1), { line: 1 });
  }
}

/** The first physical line (1-based) whose bytes are not UTF-8. */
function firstInvalidLine(bytes: Buffer): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  for (let line = 1; ; line += 1) {
    const end = bytes.indexOf(0x0a, start);
    try {
      decoder.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    } catch {
      return line;
    }
    if (end === -1) return line;
    start = end + 1;
  }
}

/** A web page saved as .csv, an XML file: not a CSV file. */
function looksLikeMarkup(text: string): boolean {
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  return /^<(!doctype|html|\?xml|head|body|table|div|meta|script)\b/.test(head) || /<html[\s>]/.test(head);
}

/** The delimiter among comma, semicolon and tab that splits the first lines most consistently (quotes respected). */
function detectDelimiter(text: string): string | null {
  const candidates = [",", ";", "\t"];
  const counts = candidates.map(() => [] as number[]);
  let inQuotes = false;
  let current = candidates.map(() => 0);
  let lines = 0;
  let nonEmpty = false;
  for (let i = 0; i < text.length && lines < 30; i += 1) {
    const char = text[i];
    if (char === '"') inQuotes = !inQuotes;
    else if (char === "\n" && !inQuotes) {
      if (nonEmpty) current.forEach((count, c) => counts[c]!.push(count));
      current = candidates.map(() => 0);
      nonEmpty = false;
      lines += 1;
    } else if (!inQuotes) {
      const c = candidates.indexOf(char!);
      if (c >= 0) current[c]! += 1;
      if (char !== "\r" && char !== " ") nonEmpty = true;
    }
  }
  if (nonEmpty) current.forEach((count, c) => counts[c]!.push(count));
  let best: string | null = null;
  let bestScore = 0;
  candidates.forEach((candidate, c) => {
    // The most frequent non-zero count per line, and how many lines have it.
    const frequency = new Map<number, number>();
    for (const count of counts[c]!) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    const score = Math.max(0, ...frequency.values());
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  });
  return best;
}

interface Row {
  cells: string[];
  /** The physical line where the record starts. */
  line: number;
  /** The cells cleaned (clean), once needed. */
  cleaned?: string[];
}

const cleanedCells = (row: Row) => (row.cleaned ??= row.cells.map(clean));

/** The file's text with one line ending, checked to be worth parsing, and its delimiter. */
function prepare(text: string): { text: string; delimiter: string } {
  // CRLF and (old Mac) lone CR become LF; a CR left inside a cell is kept for the formula check.
  const normalised = text.includes("\n") ? text.replace(/\r\n/g, "\n") : text.replace(/\r/g, "\n");
  if (normalised.trim() === "") throw empty();
  if (looksLikeMarkup(normalised)) throw notCsv();
  // Cheap guard before parsing a huge file (the exact count is taken on the parsed rows).
  let newlines = 0;
  for (let at = normalised.indexOf("\n"); at !== -1; at = normalised.indexOf("\n", at + 1)) newlines += 1;
  if (newlines > STATEMENT_MAX_LINES + 1_000) throw new StatementError("tooManyLines", MSG.statementTooManyLines(STATEMENT_MAX_LINES));
  const delimiter = detectDelimiter(normalised);
  if (!delimiter) throw notCsv();
  return { text: normalised, delimiter };
}

/**
 * The records of `text`, which starts at physical line `firstLine`. csv-parse builds (and,
 * relaxed, drops) an error for every record whose width differs from the first one's: the body
 * is therefore parsed from its header on (see readStatementRows), and errors are built without
 * stack traces (synchronous, so nothing else sees the limit).
 */
function parseRecords(text: string, delimiter: string, firstLine: number): Row[] {
  let records: string[][];
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    records = parse(text, { delimiter, record_delimiter: "\n", relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch {
    throw notCsv();
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  // Every record (empty lines too) ends with one line break, plus those inside its quoted cells.
  let line = firstLine;
  return records.map((cells) => {
    const row = { cells, line };
    line += 1;
    for (const cell of cells) for (let at = cell.indexOf("\n"); at !== -1; at = cell.indexOf("\n", at + 1)) line += 1;
    return row;
  });
}

/** Where physical line `line` (1-based) starts in `text`. */
function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current += 1) offset = text.indexOf("\n", offset) + 1;
  return offset;
}

/** Lines read first, to find the header among the first records. */
const HEAD_LINES = 60;

/**
 * The file's rows and its columns (or why they are unknown): the header is found among the first
 * records, then the rest is parsed from the header on (a preamble of another width would make
 * csv-parse build an error per line). Falls back to one parse of the whole file.
 */
function readStatementRows(
  text: string,
  delimiter: string,
  find: (rows: readonly Row[]) => Columns,
): { rows: Row[]; columns: Columns | null; error: unknown } {
  const headEnd = offsetOfLine(text, HEAD_LINES + 1);
  const whole = headEnd === 0 || headEnd >= text.length;
  if (!whole) {
    try {
      const head = parseRecords(text.slice(0, headEnd), delimiter, 1);
      const columns = find(head);
      const header = head[columns.headerIndex]!;
      const rest = parseRecords(text.slice(offsetOfLine(text, header.line)), delimiter, header.line);
      return { rows: [...head.slice(0, columns.headerIndex), ...rest], columns, error: null };
    } catch {
      // A preamble the first lines do not settle (or cut inside a quoted cell): read it all.
    }
  }
  const rows = parseRecords(text, delimiter, 1);
  try {
    return { rows, columns: find(rows), error: null };
  } catch (error) {
    return { rows, columns: null, error };
  }
}

// ---------------------------------------------------------------------------------------------
// Cells

/** A number as a spreadsheet would take it, harmless: "-1,000.00", "+63 917 123 4567", "(₱500)". */
const PLAIN_NUMBER = /^[+-]?\(?[+-]?\s*(?:₱|php|p)?\s*[+-]?\d[\d,\s]*(?:\.\d+)?\s*%?\)?-?$/i;

/**
 * CSV injection (OWASP): a cell a spreadsheet would run as a formula. It begins with =, +, -, @
 * (after any spaces), or with a tab or a carriage return, and is not a plain number. A lone "-"
 * (an empty amount in some exports) is not one.
 */
function isFormula(cell: string): boolean {
  const first = cell[0];
  // Most cells: a letter or a digit first.
  if (first === undefined || (first > "@" && first !== "\u00a0") || (first >= "0" && first <= "9")) return false;
  const trimmed = cell.trim();
  const trigger = first === "\t" || first === "\r" || /^[=+\-@]/.test(trimmed);
  if (!trigger) return false;
  if (trimmed === "" || /^-+$/.test(trimmed)) return false;
  return !PLAIN_NUMBER.test(trimmed);
}

/**
 * Integer centavos from a decimal text, digit by digit (never through floating point):
 * "5,000.00" → 500000, "₱1,250.5" → 125050, "(1,000.00)" and "-1,000.00" → -100000.
 * Null when it is not an amount.
 */
export function parseCentavos(text: string): number | null {
  let s = text.replace(/\s+/g, "");
  let negative = false;
  // One sign at most: "(...)", a leading "-" or "+" (before or after the currency), or a trailing "-".
  let signed = false;
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = signed = true;
    s = s.slice(1, -1);
  }
  const sign = () => {
    if (signed || (s[0] !== "-" && s[0] !== "+")) return;
    negative = s[0] === "-";
    signed = true;
    s = s.slice(1);
  };
  sign();
  s = s.replace(/^(?:₱|php|p)/i, "");
  sign();
  if (!signed && s.endsWith("-")) {
    negative = true;
    s = s.slice(0, -1);
  }
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!match) return null;
  const digits = match[1]!.replace(/,/g, "") + (match[2] ?? "").padEnd(2, "0");
  if (digits.length > 15) return null;
  let centavos = 0;
  for (const digit of digits) centavos = centavos * 10 + (digit.charCodeAt(0) - 48);
  return negative && centavos !== 0 ? -centavos : centavos;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const FULL_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

function monthOf(name: string): number | null {
  const lower = name.toLowerCase();
  const short = MONTHS[lower];
  if (short) return short;
  const full = FULL_MONTHS.indexOf(lower);
  return full >= 0 ? full + 1 : null;
}

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([ap]\.?m\.?)?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:T|\s+)${TIME})?(?:Z|[+-]08:?00)?$`, "i");
const NUMERIC_DATE = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}),?(?:\s+${TIME})?$`, "i");
const MONTH_FIRST = new RegExp(String.raw`^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4}),?(?:\s+${TIME})?$`, "i");
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[\s-]([a-z]{3,9})\.?[\s-],?\s*(\d{4}),?(?:\s+${TIME})?$`, "i");

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  hasTime: boolean;
}

/** A numeric date whose day and month could be swapped (both 12 or under, and different). */
interface Numeric {
  first: number;
  second: number;
}

function clock(year: number, month: number, day: number, time: (string | undefined)[]): WallClock | null {
  const [h, m, s, meridiem] = time;
  let hour = h === undefined ? 0 : Number(h);
  const minute = m === undefined ? 0 : Number(m);
  const second = s === undefined ? 0 : Number(s);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.toLowerCase().startsWith("p");
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth || year < 2000 || year > 2200) return null;
  return { year, month, day, hour, minute, second, hasTime: h !== undefined };
}

/** The numeric date's two leading numbers, when it is one (for settling day/month over a file). */
function numericParts(text: string): Numeric | null {
  const match = NUMERIC_DATE.exec(text.trim());
  return match ? { first: Number(match[1]), second: Number(match[3]) } : null;
}

/** A date (and time) as exports write it, in the layout's (or the file's) order; null if unreadable. */
function readDate(text: string, order: Exclude<DateOrder, "infer">): WallClock | null {
  const value = text.trim().replace(/\s+/g, " ");
  let match = ISO_DATE.exec(value);
  if (match) return clock(Number(match[1]), Number(match[2]), Number(match[3]), match.slice(4, 8));
  match = NUMERIC_DATE.exec(value);
  if (match) {
    if (order === "ymd") return null;
    const first = Number(match[1]);
    const second = Number(match[3]);
    const [month, day] = order === "mdy" ? [first, second] : [second, first];
    return clock(Number(match[4]), month, day, match.slice(5, 9));
  }
  match = MONTH_FIRST.exec(value);
  if (match) {
    const month = monthOf(match[1]!);
    return month ? clock(Number(match[3]), month, Number(match[2]), match.slice(4, 8)) : null;
  }
  match = DAY_FIRST.exec(value);
  if (match) {
    const month = monthOf(match[2]!);
    return month ? clock(Number(match[3]), month, Number(match[1]), match.slice(4, 8)) : null;
  }
  return null;
}

/** The instant of a Manila wall-clock time (UTC+8, plain arithmetic). */
const instantOf = (c: WallClock) => new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - MANILA_OFFSET);

/** The first VA- reference in a text, normalised; one using a letter outside the alphabet (0, O, 1, I, L) is none. */
export const findReference = (text: string): string | null => paymentReferencesIn(text)[0]?.reference ?? null;

/** "Received GCash from JUAN DELA CRUZ with account ending in 1234" → "JUAN DELA CRUZ". */
function senderIn(description: string): string | null {
  const match =
    /\bfrom\s+(.+?)(?=\s+(?:with|via|ref|reference|account|acct|to|on|for)\b|\s+[-–|/(]|\s*[,;:|(]|\s+va[\s\-_.:#–—]*[a-z0-9]{6}\b|\s+\d|$)/i.exec(
      description,
    );
  const name = match?.[1]?.trim();
  return name && name.length >= 2 ? name.slice(0, 100) : null;
}

/** A cell trimmed, its runs of spaces, tabs and line breaks made one space. */
function clean(cell: string | undefined): string {
  const trimmed = (cell ?? "").trim();
  return /\s\s|[^\S ]/.test(trimmed) ? trimmed.replace(/\s+/g, " ") : trimmed;
}
const SUMMARY = /\b(balance|total|totals|end of report|page \d+|generated|summary|beginning|ending|opening|closing)\b/i;

// ---------------------------------------------------------------------------------------------
// Header and columns

interface Columns {
  layout: StatementLayout;
  headerIndex: number;
  index: Partial<Record<Field, number>>;
  dateOrder: DateOrder;
}

/** Index of each normalised header name (first occurrence; blank spacer columns ignored). */
function headerIndexes(cells: readonly string[]): Map<string, number> {
  const indexes = new Map<string, number>();
  cells.forEach((cell, i) => {
    const name = normHeader(cell);
    if (name && !indexes.has(name)) indexes.set(name, i);
  });
  return indexes;
}

const findColumn = (indexes: Map<string, number>, spec: ColumnSpec) => spec.names.map((name) => indexes.get(name)).find((i) => i !== undefined);

function recogniseLayout(rows: readonly Row[]): Columns {
  const searched = rows.slice(0, HEADER_SEARCH_ROWS);
  let incomplete: { row: Row; missing: string[] } | null = null;
  for (const [headerIndex, row] of searched.entries()) {
    const indexes = headerIndexes(row.cells);
    for (const layout of LAYOUTS) {
      if (!layout.anchors.every((anchor) => indexes.has(anchor))) continue;
      const index: Partial<Record<Field, number>> = {};
      const missing: string[] = [];
      for (const [field, spec] of Object.entries(layout.columns) as [Field, ColumnSpec][]) {
        const at = findColumn(indexes, spec);
        if (at === undefined) missing.push(spec.label);
        else index[field] = at;
      }
      if (missing.length === 0) return { layout: layout.id, headerIndex, index, dateOrder: layout.dateOrder };
      incomplete ??= { row, missing };
    }
  }
  if (incomplete) {
    throw new StatementError("missingColumns", MSG.statementMissingColumns(incomplete.row.line, incomplete.missing), {
      line: incomplete.row.line,
      headers: incomplete.row.cells,
      missing: incomplete.missing,
    });
  }
  const header = guessHeader(searched);
  throw new StatementError("unknownLayout", MSG.statementUnknownLayout, { line: header?.line, headers: header?.cells ?? [] });
}

/** The likeliest header of an unknown layout: the first early row of several texts that are neither numbers nor dates. */
function guessHeader(rows: readonly Row[]): Row | null {
  const width = (row: Row) => row.cells.filter((cell) => cell.trim() !== "").length;
  for (const [i, row] of rows.entries()) {
    const texts = row.cells.map(clean).filter((cell) => cell !== "");
    if (texts.length < 2) continue;
    if (texts.some((cell) => parseCentavos(cell) !== null || readDate(cell, "mdy") !== null)) continue;
    const next = rows[i + 1];
    if (next && width(next) >= 2) return row;
  }
  return null;
}

function mappedColumns(rows: readonly Row[], mapping: ColumnMapping): Columns {
  const chosen: [Field, string | undefined][] = [
    ["date", mapping.date],
    ["amount", mapping.amount],
    ["credit", mapping.credit],
    ["debit", mapping.debit],
    ["description", mapping.description ?? mapping.reference],
    ["sender", mapping.sender],
    ["bankReference", mapping.bankReference],
  ];
  const hasAmount = Boolean(mapping.amount) || Boolean(mapping.credit) || Boolean(mapping.debit);
  if (!mapping.date || !mapping.reference || !hasAmount) throw new StatementError("badMapping", MSG.statementMappingIncomplete);
  const wanted = chosen.filter((entry): entry is [Field, string] => Boolean(entry[1]));
  const searched = rows.slice(0, HEADER_SEARCH_ROWS);
  let best: { row: Row; missing: string[] } | null = null;
  for (const [headerIndex, row] of searched.entries()) {
    const indexes = headerIndexes(row.cells);
    const missing = [...new Set(wanted.filter(([, name]) => !indexes.has(normHeader(name))).map(([, name]) => name))];
    if (missing.length === 0) {
      const index: Partial<Record<Field, number>> = {};
      for (const [field, name] of wanted) index[field] = indexes.get(normHeader(name))!;
      const dateOrder: DateOrder =
        mapping.dateFormat === "MM/dd/yyyy"
          ? "mdy"
          : mapping.dateFormat === "dd/MM/yyyy"
            ? "dmy"
            : mapping.dateFormat === "yyyy-MM-dd"
              ? "ymd"
              : "infer";
      return { layout: "mapped", headerIndex, index, dateOrder };
    }
    if (!best || missing.length < best.missing.length) best = { row, missing };
  }
  const row = best?.row ?? guessHeader(searched) ?? searched[0];
  const missing = best?.missing ?? wanted.map(([, name]) => name);
  throw new StatementError("missingColumns", MSG.statementMissingColumns(row?.line ?? 1, missing), {
    line: row?.line,
    headers: row?.cells ?? [],
    missing,
  });
}

/** Settles day/month for a file whose layout does not say: a first number over 12 means day first, a second over 12 month first. */
function settleOrder(dated: readonly { line: number; text: string }[]): Exclude<DateOrder, "infer"> {
  let dayFirst: { line: number; text: string } | null = null;
  let monthFirst: { line: number; text: string } | null = null;
  let undecided: { line: number; text: string } | null = null;
  for (const entry of dated) {
    const parts = numericParts(entry.text);
    if (!parts) continue;
    if (parts.first > 12 && parts.second <= 12) dayFirst ??= entry;
    else if (parts.second > 12 && parts.first <= 12) monthFirst ??= entry;
    else if (parts.first !== parts.second) undecided ??= entry;
  }
  if (dayFirst && monthFirst) {
    const later = dayFirst.line > monthFirst.line ? dayFirst : monthFirst;
    throw new StatementError("ambiguousDate", MSG.statementAmbiguousDate(later.line, later.text), { line: later.line, value: later.text });
  }
  if (dayFirst) return "dmy";
  if (monthFirst) return "mdy";
  if (undecided)
    throw new StatementError("ambiguousDate", MSG.statementAmbiguousDate(undecided.line, undecided.text), {
      line: undecided.line,
      value: undecided.text,
    });
  // No numeric date a swap would change: any order reads the file the same.
  return "mdy";
}

const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

// ---------------------------------------------------------------------------------------------

/**
 * Reads a transaction-history export. Throws a StatementError for a file that is not a CSV, not
 * UTF-8/UTF-16, too long, has a formula cell, lacks columns, is of an unknown layout (unless
 * `mapping` says its columns), or has a date or amount that cannot be read.
 */
export function parseStatement(bytes: Buffer, opts: { mapping?: ColumnMapping } = {}): ParsedStatement {
  if (bytes.length === 0) throw empty();
  const { text, delimiter } = prepare(decode(bytes));
  const { mapping } = opts;
  const find = (found: readonly Row[]) => (mapping ? mappedColumns(found, mapping) : recogniseLayout(found));
  const { rows, columns, error: layoutError } = readStatementRows(text, delimiter, find);
  if (!rows.some((row) => row.cells.length >= 2)) throw notCsv();
  const body = columns ? rows.slice(columns.headerIndex + 1).filter((row) => row.cells.some((cell) => /\S/.test(cell))) : [];
  if (body.length > STATEMENT_MAX_LINES) throw new StatementError("tooManyLines", MSG.statementTooManyLines(STATEMENT_MAX_LINES));
  // CSV injection anywhere in the file refuses it, whatever else is wrong with it.
  const headerCells = columns ? rows[columns.headerIndex]!.cells : layoutError instanceof StatementError ? (layoutError.headers ?? []) : [];
  for (const row of rows) {
    for (let i = 0; i < row.cells.length; i += 1) {
      const cell = row.cells[i]!;
      if (isFormula(cell)) {
        const column = clean(headerCells[i]) || `column ${i + 1}`;
        throw new StatementError("formula", MSG.statementFormula(row.line, column), { line: row.line, value: shown(cell) });
      }
    }
  }
  if (!columns) throw layoutError;
  const headerRow = rows[columns.headerIndex]!;
  const { index } = columns;

  const cellOf = (row: Row, field: Field) => (index[field] === undefined ? "" : (cleanedCells(row)[index[field]] ?? ""));
  const order =
    columns.dateOrder === "infer"
      ? settleOrder(body.map((row) => ({ line: row.line, text: cellOf(row, "date") })).filter((entry) => entry.text !== ""))
      : columns.dateOrder;

  const lines: StatementLine[] = [];
  const skipped: { line: number; why: string }[] = [];
  const occurrences = new Map<string, number>();
  for (const row of body) {
    const dateText = cellOf(row, "date");
    if (dateText === "") {
      skipped.push({ line: row.line, why: MSG.statementSkippedNoDate });
      continue;
    }
    const wall = readDate(dateText, order);
    if (!wall) {
      // "Total Debit", "ENDING BALANCE" where a date would be: a summary, not a transaction.
      if (SUMMARY.test(dateText)) {
        skipped.push({ line: row.line, why: MSG.statementSkippedSummary });
        continue;
      }
      throw new StatementError("badDate", MSG.statementBadDate(row.line, shown(dateText)), { line: row.line, value: dateText });
    }

    const amount = amountOf(row, cellOf);
    if (amount === "none" || amount === 0) {
      skipped.push({ line: row.line, why: amount === 0 ? MSG.statementSkippedZero : MSG.statementSkippedNoAmount });
      continue;
    }

    const description = cellOf(row, "description");
    const cleaned = cleanedCells(row);
    let reference = findReference(description);
    for (let i = 0; reference === null && i < cleaned.length; i += 1) reference = findReference(cleaned[i]!);
    const cells = cleaned
      .filter((cell) => cell !== "")
      .map((cell) => cell.normalize("NFKC").toUpperCase())
      .sort();
    const postedAt = instantOf(wall);
    // The content, whatever the column order; an identical line repeated in the file counts its occurrence.
    const key = JSON.stringify([postedAt.getTime(), amount, cells]);
    const occurrence = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, occurrence);
    lines.push({
      lineNo: row.line,
      postedAt,
      hasTime: wall.hasTime,
      amountCentavos: amount,
      reference,
      bankReference: cellOf(row, "bankReference") || null,
      sender: index.sender === undefined ? senderIn(description) : cellOf(row, "sender") || null,
      description,
      fingerprint: sha256(`${key}#${occurrence}`),
    });
  }
  if (lines.length === 0) throw empty();

  return {
    layout: columns.layout,
    headers: headerRow.cells.map(clean),
    headerSignature: headerSignature(headerRow.cells),
    headerLine: headerRow.line,
    lines,
    skipped,
  };
}

/** The signed amount of a row: its amount column, or credit minus debit; "none" when it has none. */
function amountOf(row: Row, cellOf: (row: Row, field: Field) => string): number | "none" {
  const read = (field: Field): number | null => {
    const text = cellOf(row, field);
    if (text === "" || /^-+$/.test(text)) return null;
    const value = parseCentavos(text);
    if (value === null) throw new StatementError("badAmount", MSG.statementBadAmount(row.line, shown(text)), { line: row.line, value: text });
    return value;
  };
  const amount = read("amount");
  const credit = read("credit");
  const debit = read("debit");
  if (amount !== null) return amount;
  if (credit !== null && debit !== null && credit !== 0 && debit !== 0) {
    const both = `${cellOf(row, "credit")} / ${cellOf(row, "debit")}`;
    throw new StatementError("badAmount", MSG.statementBadAmount(row.line, both), { line: row.line, value: both });
  }
  if (credit !== null && credit !== 0) return credit;
  if (debit !== null && debit !== 0) return -Math.abs(debit);
  return credit === null && debit === null ? "none" : 0;
}
