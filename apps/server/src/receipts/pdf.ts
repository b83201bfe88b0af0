import { readFileSync } from "node:fs";
import { formatCentavos, formatLongDate, formatMonth, formatShortDate, formatTime, manilaDate, manilaTime } from "@vam/shared";
import PDFDocument from "pdfkit";
import { SERVER_ROOT } from "../paths.js";

/**
 * The PDFs the platform issues (decisions.md, "Money"): the acknowledgement receipt of a
 * verified payment and a payee's monthly statement. Pure functions, data in and PDF bytes out:
 * the callers read the database and the configuration.
 *
 * Drawn with pdfkit on A4 in DejaVu Sans (shipped in apps/server/assets/fonts, embedded as a
 * subset), which has the peso sign; the text stays real text, so it can be searched, copied and
 * read back (test/receipts-pdf.test.ts). Money is integer centavos throughout, printed with
 * formatCentavos and added as integers; dates and times are Manila's (the shared helpers).
 * Every page ends with the platform's name and TIN and "Page n of m".
 */

export interface PlatformIdentity {
  legalName: string;
  address: string;
  tin: string;
}

export interface ReceiptPdfData {
  platform: PlatformIdentity;
  /** The receipt's number in the sequence, printed "No. 000123". */
  number: number;
  issuedAt: Date;
  client: { name: string; email: string };
  payment: { reference: string; amountCentavos: number; transferReference: string | null; verifiedAt: Date };
  /** What the payment paid for ("4 hours with Maria Santos, Tue, Dec 1, 2026, 9:00 AM"); they add up to the payment's amount. */
  items: { description: string; amountCentavos: number }[];
}

export interface StatementPdfData {
  platform: PlatformIdentity;
  payee: { name: string; email: string };
  /** "2026-11", printed "November 2026". */
  month: string;
  generatedAt: Date;
  /** Available balance at the start of the month. */
  openingCentavos: number;
  /** In the order given; signed: earnings positive, payouts negative. Opening plus the lines is the closing balance. */
  lines: { at: Date; description: string; amountCentavos: number }[];
  closingCentavos: number;
  totals: { earnedCentavos: number; feesCentavos: number; paidOutCentavos: number };
}

// ---------------------------------------------------------------------------------------------
// Page, type and colours

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 } as const;
const LEFT = 50;
const RIGHT = PAGE.width - 50;
const WIDTH = RIGHT - LEFT;
const TOP = 48;
/** Content stops here; below are the footer and pdfkit's own bottom margin. */
const CONTENT_BOTTOM = PAGE.height - 72;
const FOOTER_Y = PAGE.height - 46;

const REGULAR = "DejaVuSans";
const BOLD = "DejaVuSans-Bold";

const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#0f766e";
const RULE = "#d1d5db";
const HAIRLINE = "#e5e7eb";
const BAND = "#f3f4f6";

/** Cell padding of the tables. */
const CELL_X = 6;
const CELL_Y = 4;
const BODY_SIZE = 9;

const FONT_FOLDER = new URL("assets/fonts/", SERVER_ROOT);
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
/** The two font files, read once. */
const fonts = () =>
  (fontFiles ??= {
    regular: readFileSync(new URL("DejaVuSans.ttf", FONT_FOLDER)),
    bold: readFileSync(new URL("DejaVuSans-Bold.ttf", FONT_FOLDER)),
  });

type Doc = PDFKit.PDFDocument;

interface Style {
  font?: typeof REGULAR | typeof BOLD;
  size?: number;
  color?: string;
  width?: number;
  align?: "left" | "right" | "center";
}

/** Text at a place; returns the y below it. */
function put(doc: Doc, text: string, x: number, y: number, style: Style = {}): number {
  const { font = REGULAR, size = BODY_SIZE, color = INK, width = RIGHT - x, align = "left" } = style;
  doc.font(font).fontSize(size).fillColor(color).text(text, x, y, { width, align, lineGap: 1.5 });
  return doc.y;
}

/** The height `text` takes in a style. */
function measure(doc: Doc, text: string, style: Style & { width: number }): number {
  doc.font(style.font ?? REGULAR).fontSize(style.size ?? BODY_SIZE);
  return doc.heightOfString(text, { width: style.width, lineGap: 1.5 });
}

function rule(doc: Doc, y: number, color = RULE, weight = 0.75, from = LEFT, to = RIGHT): void {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(weight).strokeColor(color).stroke().restore();
}

function band(doc: Doc, x: number, y: number, width: number, height: number, color = BAND): void {
  doc.save().rect(x, y, width, height).fillColor(color).fill().restore();
}

/** "Monday, November 23, 2026, 9:00 AM" in Manila. */
const manilaDateTime = (at: Date) => `${formatLongDate(manilaDate(at))}, ${formatTime(manilaTime(at))}`;

/** "No. 000123". */
export const receiptNumber = (number: number): string => `No. ${String(number).padStart(6, "0")}`;

/** "November 2026" from "2026-11". */
export function statementMonth(month: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new RangeError(`Not a month (yyyy-MM): ${month}`);
  return formatMonth(Number(match[1]), Number(match[2]) - 1);
}

function assertCentavos(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a whole number of centavos: ${value}`);
}

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

// ---------------------------------------------------------------------------------------------
// Document, letterhead, footer

/** The bytes of an A4 document that `draw` lays out (and numbers the pages of). */
function render(info: PDFKit.DocumentInfo, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      // pdfkit's own margins only matter for its automatic page breaks, which this layout never reaches.
      margins: { top: TOP, bottom: 20, left: LEFT, right: PAGE.width - RIGHT },
      bufferPages: true,
      pdfVersion: "1.7",
      lang: "en-PH",
      displayTitle: true,
      info: { Creator: info.Author, Producer: info.Author, ...info },
    });
    const chunks: Uint8Array[] = [];
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      const { regular, bold } = fonts();
      doc.registerFont(REGULAR, regular);
      doc.registerFont(BOLD, bold);
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * The first page's head: the platform's name, address and TIN on the left, the document's
 * title and particulars on the right, an accent rule under both. Returns the y below it.
 */
function letterhead(doc: Doc, platform: PlatformIdentity, title: string, particulars: { text: string; strong?: boolean }[]): number {
  const column = WIDTH / 2 - 10;
  let left = put(doc, platform.legalName, LEFT, TOP, { font: BOLD, size: 12.5, width: column });
  left = put(doc, platform.address, LEFT, left + 3, { size: 9, color: MUTED, width: column });
  left = put(doc, `TIN ${platform.tin}`, LEFT, left + 1, { size: 9, color: MUTED, width: column });

  const x = RIGHT - column;
  // As large as fits on one line, from 19 points down.
  let size = 19;
  doc.font(BOLD);
  while (size > 13 && doc.fontSize(size).widthOfString(title) > column) size -= 0.5;
  let right = put(doc, title, x, TOP - 2, { font: BOLD, size, color: ACCENT, width: column, align: "right" });
  right += 4;
  for (const { text, strong } of particulars) {
    right = put(doc, text, x, right + 1, {
      font: strong ? BOLD : REGULAR,
      size: strong ? 11 : 9,
      color: strong ? INK : MUTED,
      width: column,
      align: "right",
    });
  }
  const bottom = Math.max(left, right) + 12;
  rule(doc, bottom, ACCENT, 1.5);
  return bottom + 18;
}

/** Every page's foot: the platform and its TIN, and "Page n of m". */
function numberPages(doc: Doc, platform: PlatformIdentity): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    rule(doc, FOOTER_Y - 8, HAIRLINE, 0.75);
    const page = `Page ${index - start + 1} of ${count}`;
    put(doc, `${platform.legalName} · TIN ${platform.tin}`, LEFT, FOOTER_Y, { size: 7.5, color: MUTED, width: WIDTH - 90 });
    put(doc, page, RIGHT - 90, FOOTER_Y, { size: 7.5, color: MUTED, width: 90, align: "right" });
  }
}

/** A small caps-like label over a block ("RECEIVED FROM"). */
const label = (doc: Doc, text: string, x: number, y: number, width: number) =>
  put(doc, text.toUpperCase(), x, y, { font: BOLD, size: 7.5, color: MUTED, width });

// ---------------------------------------------------------------------------------------------
// Tables

interface Column {
  title: string;
  /** Points; the one column without a width takes what the others leave. */
  width?: number;
  align?: "left" | "right";
}

type Placed = { title: string; x: number; width: number; align: "left" | "right" };

function place(columns: Column[]): Placed[] {
  const fixed = sum(columns.map((column) => column.width ?? 0));
  let x = LEFT;
  return columns.map(({ title, width, align = "left" }) => {
    const placed = { title, x, width: width ?? WIDTH - fixed, align };
    x += placed.width;
    return placed;
  });
}

interface RowStyle {
  font?: typeof REGULAR | typeof BOLD;
  color?: string;
  fill?: string;
  /** A line above the row instead of the hairline below it (a total). */
  ruleAbove?: boolean;
}

function rowHeight(doc: Doc, columns: Placed[], cells: string[], style: RowStyle = {}): number {
  const heights = columns.map((column, index) => measure(doc, cells[index] ?? "", { font: style.font, width: column.width - 2 * CELL_X }));
  return Math.max(...heights) + 2 * CELL_Y;
}

/** One row at y; returns the y below it. */
function row(doc: Doc, columns: Placed[], cells: string[], y: number, style: RowStyle = {}): number {
  const height = rowHeight(doc, columns, cells, style);
  if (style.fill) band(doc, LEFT, y, WIDTH, height, style.fill);
  columns.forEach((column, index) => {
    put(doc, cells[index] ?? "", column.x + CELL_X, y + CELL_Y, {
      font: style.font,
      color: style.color,
      width: column.width - 2 * CELL_X,
      align: column.align,
    });
  });
  if (style.ruleAbove) rule(doc, y, INK, 0.9);
  else rule(doc, y + height, HAIRLINE, 0.5);
  return y + height;
}

function tableHeader(doc: Doc, columns: Placed[], y: number): number {
  const height = measure(doc, "Ag", { font: BOLD, size: 8.5, width: 100 }) + 2 * CELL_Y + 1;
  band(doc, LEFT, y, WIDTH, height);
  for (const column of columns) {
    put(doc, column.title, column.x + CELL_X, y + CELL_Y + 0.5, {
      font: BOLD,
      size: 8.5,
      color: MUTED,
      width: column.width - 2 * CELL_X,
      align: column.align,
    });
  }
  rule(doc, y + height, RULE, 0.75);
  return y + height;
}

// ---------------------------------------------------------------------------------------------
// The receipt

/**
 * The acknowledgement receipt of a verified payment: who paid, how much, for which bookings,
 * with the payment's reference and the client's own transfer reference. Rejects with a
 * RangeError when an amount is not whole centavos or the items do not add up to the payment.
 */
export async function receiptPdf(data: ReceiptPdfData): Promise<Buffer> {
  const { platform, client, payment, items } = data;
  if (!Number.isSafeInteger(data.number) || data.number < 1) throw new RangeError(`Not a receipt number: ${data.number}`);
  assertCentavos(payment.amountCentavos, "The payment");
  items.forEach((item, index) => assertCentavos(item.amountCentavos, `Item ${index + 1}`));
  const total = sum(items.map((item) => item.amountCentavos));
  if (items.length > 0 && total !== payment.amountCentavos) {
    throw new RangeError(`The items add up to ${total} centavos, the payment is ${payment.amountCentavos}`);
  }
  const number = receiptNumber(data.number);
  const amount = formatCentavos(payment.amountCentavos);

  return render(
    { Title: `Acknowledgement Receipt ${number}`, Author: platform.legalName, Subject: `Payment ${payment.reference}`, CreationDate: data.issuedAt },
    (doc) => {
      let y = letterhead(doc, platform, "Acknowledgement Receipt", [
        { text: number, strong: true },
        { text: `Issued ${manilaDateTime(data.issuedAt)}` },
      ]);

      // Who paid, and the payment.
      const column = WIDTH / 2 - 10;
      const payX = RIGHT - column;
      label(doc, "Client", LEFT, y, column);
      label(doc, "Payment", payX, y, column);
      y += 13;
      let left = put(doc, client.name, LEFT, y, { font: BOLD, size: 10.5, width: column });
      left = put(doc, client.email, LEFT, left + 1, { size: 9, color: MUTED, width: column });
      let right = put(doc, `Payment reference ${payment.reference}`, payX, y, { font: BOLD, size: 10, width: column });
      if (payment.transferReference) right = put(doc, `Transfer reference ${payment.transferReference}`, payX, right + 1, { size: 9, width: column });
      right = put(doc, `Verified ${manilaDateTime(payment.verifiedAt)}`, payX, right + 1, { size: 9, color: MUTED, width: column });
      y = Math.max(left, right) + 18;

      // The acknowledgement itself.
      doc.font(REGULAR).fontSize(11).fillColor(INK);
      doc.text("Received from ", LEFT, y, { width: WIDTH, lineGap: 2, continued: true });
      doc.font(BOLD).text(client.name, { continued: true });
      doc.font(REGULAR).text(" the sum of ", { continued: true });
      doc.font(BOLD).text(amount, { continued: true });
      doc.font(REGULAR).text(" for the bookings below.");
      y = doc.y + 16;

      // The items and their total.
      const columns = place([{ title: "Description" }, { title: "Amount", width: 110, align: "right" }]);
      y = tableHeader(doc, columns, y);
      /** Room for `height` more on this page, or a new page with the table header again. */
      const fits = (height: number) => {
        if (y + height <= CONTENT_BOTTOM) return;
        doc.addPage();
        y = tableHeader(doc, columns, continuation(doc, platform, `Acknowledgement Receipt ${number}`));
      };
      for (const item of items) {
        const cells = [item.description, formatCentavos(item.amountCentavos)];
        fits(rowHeight(doc, columns, cells));
        y = row(doc, columns, cells, y);
      }
      const totalCells = ["Total", amount];
      // The total keeps the note under it on its page.
      fits(rowHeight(doc, columns, totalCells, { font: BOLD }) + 6 + 30);
      y = row(doc, columns, totalCells, y + 6, { font: BOLD, ruleAbove: true });

      put(doc, "Amounts are in Philippine pesos; times are Manila time.", LEFT, y + 14, { size: 8, color: MUTED });
      numberPages(doc, platform);
    },
  );
}

/** The head of a page after the first: the platform and what the document is. Returns the y below it. */
function continuation(doc: Doc, platform: PlatformIdentity, what: string): number {
  // What the document is takes the room it needs (at most half), the platform's name the rest.
  const whatWidth = Math.min(doc.font(REGULAR).fontSize(9).widthOfString(what) + 2, WIDTH / 2);
  const left = put(doc, platform.legalName, LEFT, TOP, { font: BOLD, size: 9, width: WIDTH - whatWidth - 16 });
  const right = put(doc, what, RIGHT - whatWidth, TOP, { size: 9, color: MUTED, width: whatWidth, align: "right" });
  const bottom = Math.max(left, right);
  rule(doc, bottom + 6, ACCENT, 1);
  return bottom + 18;
}

// ---------------------------------------------------------------------------------------------
// The monthly statement

/**
 * A payee's monthly statement: the opening balance, each earning and payout with the balance
 * after it, the closing balance, and the month's totals. Rejects with a RangeError when an
 * amount is not whole centavos or the opening balance and the lines do not make the closing one.
 */
export async function statementPdf(data: StatementPdfData): Promise<Buffer> {
  const { platform, payee, lines, totals } = data;
  const month = statementMonth(data.month);
  assertCentavos(data.openingCentavos, "The opening balance");
  assertCentavos(data.closingCentavos, "The closing balance");
  lines.forEach((line, index) => assertCentavos(line.amountCentavos, `Line ${index + 1}`));
  assertCentavos(totals.earnedCentavos, "Earned");
  assertCentavos(totals.feesCentavos, "Platform fee");
  assertCentavos(totals.paidOutCentavos, "Paid out");
  const closing = data.openingCentavos + sum(lines.map((line) => line.amountCentavos));
  if (closing !== data.closingCentavos) {
    throw new RangeError(`The opening balance and the lines make ${closing} centavos, the closing balance is ${data.closingCentavos}`);
  }

  return render(
    {
      Title: `Monthly statement, ${month}, ${payee.name}`,
      Author: platform.legalName,
      Subject: `Statement for ${month}`,
      CreationDate: data.generatedAt,
    },
    (doc) => {
      let y = letterhead(doc, platform, "Monthly statement", [
        { text: `Statement for ${month}`, strong: true },
        { text: `Generated ${manilaDateTime(data.generatedAt)}` },
      ]);

      // The payee on the left, the month in figures on the right.
      const column = WIDTH / 2 - 10;
      const boxX = RIGHT - column;
      label(doc, "Payee", LEFT, y, column);
      let left = put(doc, payee.name, LEFT, y + 13, { font: BOLD, size: 10.5, width: column });
      left = put(doc, payee.email, LEFT, left + 1, { size: 9, color: MUTED, width: column });

      const figures: [string, number, boolean][] = [
        ["Opening balance", data.openingCentavos, false],
        ["Earned", totals.earnedCentavos, false],
        ["Platform fee", totals.feesCentavos, false],
        ["Paid out", totals.paidOutCentavos, false],
        ["Closing balance", data.closingCentavos, true],
      ];
      const lineHeight = 15;
      const boxHeight = figures.length * lineHeight + 2 * 8 + 4;
      band(doc, boxX, y - 4, column, boxHeight);
      let figureY = y + 4;
      for (const [name, centavos, strong] of figures) {
        if (strong) {
          rule(doc, figureY - 1, RULE, 0.75, boxX + 10, boxX + column - 10);
          figureY += 4;
        }
        const style = { font: strong ? BOLD : REGULAR, size: strong ? 10 : 9.5, color: INK } as const;
        put(doc, name, boxX + 10, figureY + 1, { ...style, width: column / 2 });
        put(doc, formatCentavos(centavos), boxX + column / 2, figureY + 1, { ...style, width: column / 2 - 10, align: "right" });
        figureY += lineHeight;
      }
      y = Math.max(left, y - 4 + boxHeight) + 22;

      // The lines, with the balance after each.
      put(doc, "Activity", LEFT, y, { font: BOLD, size: 11 });
      y += 18;
      const columns = place([
        { title: "Date", width: 78 },
        { title: "Description" },
        { title: "Amount", width: 86, align: "right" },
        { title: "Balance", width: 86, align: "right" },
      ]);
      y = tableHeader(doc, columns, y);
      /** Room for `height` more on this page, or a new page with the table header again. */
      const fits = (height: number) => {
        if (y + height <= CONTENT_BOTTOM) return;
        doc.addPage();
        y = tableHeader(doc, columns, continuation(doc, platform, `Monthly statement · ${month} · ${payee.name}`));
      };

      const opening = ["", "Opening balance", "", formatCentavos(data.openingCentavos)];
      y = row(doc, columns, opening, y, { color: MUTED });
      let balance = data.openingCentavos;
      if (lines.length === 0) {
        y = row(doc, columns, ["", "No earnings or payouts this month.", "", ""], y, { color: MUTED });
      }
      for (const line of lines) {
        balance += line.amountCentavos;
        const cells = [formatShortDate(manilaDate(line.at)), line.description, formatCentavos(line.amountCentavos), formatCentavos(balance)];
        fits(rowHeight(doc, columns, cells));
        y = row(doc, columns, cells, y);
      }
      const closingCells = ["", "Closing balance", "", formatCentavos(data.closingCentavos)];
      // The closing balance keeps the note under it on its page.
      fits(rowHeight(doc, columns, closingCells, { font: BOLD }) + 6 + 30);
      y = row(doc, columns, closingCells, y + 6, { font: BOLD, ruleAbove: true });

      put(doc, "Amounts are in Philippine pesos: earnings positive, payouts negative. Dates are Manila dates.", LEFT, y + 14, {
        size: 8,
        color: MUTED,
      });
      numberPages(doc, platform);
    },
  );
}
