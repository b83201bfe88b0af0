import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";
import { PAYOUT_METHOD_LABELS, decimalPesos, manilaDate, type PayoutBatchView } from "@vam/shared";
import type { Db } from "../db/client.js";
import { type JournalRow, journalRows } from "../ledger/public.js";

/**
 * The CSV files of money out: a batch's file for the bank's bulk transfer, and the whole journal
 * for the accountant. Written by csv-stringify; every text cell that a spreadsheet would read as
 * a formula is neutralized (CSV injection, OWASP): an account name "=HYPERLINK(...)" comes out as
 * "'=HYPERLINK(...)".
 */

/** Cells a spreadsheet runs as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, with a leading quote when a spreadsheet would take it for a formula. */
export const safeCell = (value: string | number) => {
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
};

export const BATCH_CSV_COLUMNS = ["Line", "Payee", "Method", "Bank", "Account name", "Account number", "Amount", "Reference to quote"] as const;

/** "VA payout 12-3": what the operator writes as the transfer's note, so the payee can tell it apart. */
export const referenceToQuote = (batch: Pick<PayoutBatchView, "kind" | "number">, line: number) =>
  `VA ${batch.kind === "REFUND" ? "refund" : "payout"} ${batch.number}-${line}`;

/** "payout-batch-12.csv", "refund-batch-3.csv". */
export const batchFileName = (batch: Pick<PayoutBatchView, "kind" | "number">) =>
  `${batch.kind === "REFUND" ? "refund" : "payout"}-batch-${batch.number}.csv`;

/**
 * The bank's bulk-transfer file of a batch: its lines still to send (PENDING), numbered by their
 * place in the batch (the console lists them in the same order), the amount in decimal pesos.
 */
export function batchCsv(batch: PayoutBatchView): string {
  const records = batch.lines.flatMap((line, index) =>
    line.state === "PENDING"
      ? [
          [
            String(index + 1),
            line.payee.name,
            PAYOUT_METHOD_LABELS[line.destination.method],
            line.destination.bankName ?? "",
            line.destination.accountName,
            line.destination.accountNumber,
            decimalPesos(line.amountCentavos),
            referenceToQuote(batch, index + 1),
          ].map(safeCell),
        ]
      : [],
  );
  return stringifySync([[...BATCH_CSV_COLUMNS], ...records]);
}

export const JOURNAL_CSV_COLUMNS = [
  "Entry",
  "Posted at",
  "Manila date",
  "Kind",
  "Memo",
  "Event key",
  "Account code",
  "Account name",
  "Debit",
  "Credit",
] as const;

/** Journal lines read per query: the export never holds more than this many at once. */
const JOURNAL_PAGE = 2000;

const journalRecord = (row: JournalRow) =>
  [
    String(row.number),
    row.postedAt.toISOString(),
    manilaDate(row.postedAt),
    row.kind,
    row.memo,
    row.eventKey,
    row.accountCode,
    row.accountName,
    row.amount > 0 ? decimalPesos(row.amount) : "",
    row.amount < 0 ? decimalPesos(-row.amount) : "",
  ].map(safeCell);

/**
 * Every journal line posted in [from, to), in posting order, page by page: a page ends at a
 * whole entry (the last entry of a full page is read again with the next page, so no entry is
 * split or skipped).
 */
export async function* journalRecords(db: Db, range: { from?: Date; to?: Date }, pageSize = JOURNAL_PAGE): AsyncGenerator<string[]> {
  let afterNumber: number | undefined;
  for (;;) {
    const rows = await journalRows(db, { ...range, afterNumber, limit: pageSize });
    const full = rows.length === pageSize;
    const last = rows.at(-1)?.number;
    const whole = full ? rows.filter((row) => row.number !== last) : rows;
    if (full && whole.length === 0) throw new Error(`Journal entry ${last} has more lines than a page of ${pageSize}`);
    for (const row of whole) yield journalRecord(row);
    if (!full) return;
    afterNumber = whole.at(-1)!.number;
  }
}

/**
 * The journal as a CSV stream for the accountant (a UTF-8 byte order mark first, so that a
 * spreadsheet reads "₱" and "ñ" right), amounts as decimal pesos in a debit and a credit column.
 */
export function journalCsv(db: Db, range: { from?: Date; to?: Date }, onError: (error: Error) => void): Readable {
  const csv = stringify({ bom: true });
  const source = Readable.from(
    (async function* () {
      yield [...JOURNAL_CSV_COLUMNS];
      yield* journalRecords(db, range);
    })(),
  );
  pipeline(source, csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
