import {
  MSG,
  formatCentavos,
  paymentReferencesIn,
  type PaymentState,
  type StatementImport,
  type StatementMapping,
  type StatementProposal,
} from "@vam/shared";

/** The order the import's summary counts the proposals in: what can be confirmed first. */
const SUMMARY_ORDER: readonly StatementProposal[] = ["matched", "likely", "amountDiffers", "paidTwice", "unknown"];

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "gcash.csv: 10 lines, 4 already imported. Matched 3, Likely 1, Amount differs 1, Paid twice 0, Unknown 1." */
export function importSummary(result: StatementImport): string {
  const counts = SUMMARY_ORDER.map((kind) => `${MSG.statementProposalLabel[kind]} ${result.proposals[kind] ?? 0}`).join(", ");
  return `${result.fileName}: ${count(result.lines, "line")}, ${result.skipped} already imported. ${counts}.`;
}

/** "₱500 short" (less arrived than the payment asks), "₱500 over"; null when there is no difference. */
export function differenceText(differenceCentavos: number | null): string | null {
  if (!differenceCentavos) return null;
  return differenceCentavos < 0 ? `${formatCentavos(-differenceCentavos)} short` : `${formatCentavos(differenceCentavos)} over`;
}

/** A payment's state as the statements page names it. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  OPEN: "Not booked yet",
  UNVERIFIED: MSG.paymentLabel.UNVERIFIED,
  PAID: MSG.paymentLabel.PAID,
  REJECTED: MSG.paymentLabel.REJECTED,
};

/** The date formats a mapped statement may declare, as the mapping form offers them. */
export const DATE_FORMATS: readonly { value: NonNullable<StatementMapping["dateFormat"]>; label: string }[] = [
  { value: "yyyy-MM-dd", label: "Year-month-day (2026-11-23)" },
  { value: "MM/dd/yyyy", label: "Month/day/year (11/23/2026)" },
  { value: "dd/MM/yyyy", label: "Day/month/year (23/11/2026)" },
];

/** How the file gives its amounts: one signed column, or money in and money out apart. */
export type AmountColumns = "single" | "split";

export interface MappingChoice {
  amountColumns: AmountColumns;
  date: string;
  amount: string;
  credit: string;
  debit: string;
  reference: string;
  sender: string;
  dateFormat: string;
}

/** The first header matching one of the patterns, in the patterns' order ("" when none does). */
function first(headers: readonly string[], patterns: readonly RegExp[], taken: readonly string[] = []): string {
  for (const pattern of patterns) {
    const found = headers.find((header) => pattern.test(header) && !taken.includes(header));
    if (found) return found;
  }
  return "";
}

/**
 * A first guess of an unknown layout's columns from its header names, for the operator to check:
 * "Txn Date", "Amount (PHP)" or "Credit"/"Debit", the remarks or description for the reference
 * (where a client types it), "Sender Name".
 */
export function guessMapping(headers: readonly string[]): MappingChoice {
  const date = first(headers, [/posting date|transaction date|txn date|date and time/i, /date/i]);
  const amount = first(headers, [/amount|amt/i], [date]);
  const credit = first(headers, [/credit|money in|deposit|cash in|inflow/i], [date]);
  const debit = first(headers, [/debit|money out|withdraw|cash out|outflow/i], [date]);
  const reference = first(headers, [/remark|message|note|memo|purpose/i, /description|details|particulars|narrative/i, /reference|\bref\b/i], [date]);
  const sender = first(headers, [/sender|payer|counterparty|from/i, /name/i], [date, reference]);
  const amountColumns: AmountColumns = credit && !amount ? "split" : "single";
  return { amountColumns, date, amount, credit, debit, reference, sender, dateFormat: "" };
}

/** The mapping to send, or null while the date, the amount (or money in) or the reference is not chosen. */
export function mappingOf(choice: MappingChoice): StatementMapping | null {
  const amountChosen = choice.amountColumns === "single" ? choice.amount : choice.credit;
  if (!choice.date || !choice.reference || !amountChosen) return null;
  return {
    date: choice.date,
    ...(choice.amountColumns === "single" ? { amount: choice.amount } : { credit: choice.credit, ...(choice.debit && { debit: choice.debit }) }),
    reference: choice.reference,
    ...(choice.sender && { sender: choice.sender }),
    ...(choice.dateFormat && { dateFormat: choice.dateFormat as NonNullable<StatementMapping["dateFormat"]> }),
  };
}

/**
 * A line's text cut around the payment reference found in it, so that the page can highlight it:
 * `{ before, found, after }`, or null when the reference is not in this text (it was in another
 * cell, or there is none).
 */
export function referenceIn(text: string, reference: string | null): { before: string; found: string; after: string } | null {
  const found = reference ? paymentReferencesIn(text).find((written) => written.reference === reference) : undefined;
  if (!found) return null;
  const end = found.index + found.length;
  return { before: text.slice(0, found.index), found: text.slice(found.index, end), after: text.slice(end) };
}
