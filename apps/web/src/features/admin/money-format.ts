import {
  DEBIT_NORMAL_KINDS,
  PAYOUT_METHOD_LABELS,
  formatCentavos,
  type JournalKind,
  type LedgerAccountKind,
  type PayoutDestination,
  type PayoutKind,
  type PayoutLineView,
  type PayoutOverview,
  type RefundReason,
} from "@vam/shared";
import { formatMomentTime } from "./admin-format";

/** What the console calls each kind of money out: the payouts page and the refunds page are one page. */
export const MONEY_OUT_TEXTS: Record<
  PayoutKind,
  {
    title: string;
    description: string;
    path: string;
    ready: string;
    readyCaption: string;
    nothingReady: string;
    payee: string;
    run: string;
    runTitle: string;
    batch: string;
    batches: string;
  }
> = {
  PAYOUT: {
    title: "Payouts",
    description: "Available balances paid to assistants and sharers: run a batch, send it from the bank, then mark each line.",
    path: "/admin/payouts",
    ready: "Ready to pay",
    readyCaption: "Balances ready to pay",
    nothingReady: "Nothing is ready to pay",
    payee: "Payee",
    run: "Run payout batch",
    runTitle: "Run a payout batch?",
    batch: "Payout batch",
    batches: "Payout batches",
  },
  REFUND: {
    title: "Refunds",
    description: "Money owed back to clients: run a batch, send it from the bank to each client's refund account, then mark each line.",
    path: "/admin/refunds",
    ready: "Refunds due",
    readyCaption: "Refunds ready to send",
    nothingReady: "No refund is ready to send",
    payee: "Client",
    run: "Run refund batch",
    runTitle: "Run a refund batch?",
    batch: "Refund batch",
    batches: "Refund batches",
  },
};

/**
 * A batch's page: under its kind's page, so that the console's navigation shows where it belongs
 * (`/admin/payouts/batches/:id` opens either kind).
 */
export const batchPath = (batch: { kind: PayoutKind; id: string }) => `${MONEY_OUT_TEXTS[batch.kind].path}/batches/${encodeURIComponent(batch.id)}`;

/** "Payout batch 12", "Refund batch 3". */
export const batchTitle = (batch: { kind: PayoutKind; number: number }) => `${MONEY_OUT_TEXTS[batch.kind].batch} ${batch.number}`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 payees, ₱12,500 in all" / "2 clients, ₱3,000 in all": what a batch run now would send. */
export function runSummary(kind: PayoutKind, ready: PayoutOverview["ready"]): string {
  const total = ready.reduce((sum, line) => sum + line.amountCentavos, 0);
  const who = kind === "PAYOUT" ? count(ready.length, "payee", "payees") : count(ready.length, "client", "clients");
  return `${who}, ${formatCentavos(total)} in all`;
}

/** Why a balance waits, in words: "Below the minimum", "No payout account", "Account changed: held until Nov 24, 2026, 9:05 AM". */
export function waitingText(line: Pick<PayoutOverview["waiting"][number], "why" | "heldUntil">): string {
  switch (line.why) {
    case "belowMinimum":
      return "Below the minimum";
    case "noAccount":
      return "No payout account";
    case "accountChanged":
      return line.heldUntil ? `Account changed: held until ${formatMomentTime(line.heldUntil)}` : "Account changed: held";
  }
}

/** Where the money goes, as lines: "GCash" (or "Bank account · BDO Unibank"), the account name, the number. */
export function destinationLines(destination: PayoutDestination): { method: string; name: string; number: string } {
  const method = PAYOUT_METHOD_LABELS[destination.method] ?? destination.method;
  return {
    method: destination.bankName ? `${method} · ${destination.bankName}` : method,
    name: destination.accountName,
    number: destination.accountNumber,
  };
}

/** A line's state as the batch page says it: "Pending", "Sent · ref 12345", "Failed · Account closed". */
export function lineStateText(line: Pick<PayoutLineView, "state" | "transferReference" | "failureReason">): string {
  switch (line.state) {
    case "PENDING":
      return "Pending";
    case "SENT":
      return line.transferReference ? `Sent · ref ${line.transferReference}` : "Sent";
    case "FAILED":
      return line.failureReason ? `Failed · ${line.failureReason}` : "Failed";
  }
}

/** "2 pending · 5 sent · 1 failed" (only the states a batch has; "No lines" for none). */
export function batchCountsText(counts: { pending: number; sent: number; failed: number }): string {
  const parts = [
    counts.pending > 0 && `${counts.pending} pending`,
    counts.sent > 0 && `${counts.sent} sent`,
    counts.failed > 0 && `${counts.failed} failed`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "No lines";
}

/** Why a refund is owed, as the operator reads it (the client reads MSG.refundReasonLabel, in the second person). */
export const REFUND_REASON_TEXTS: Record<RefundReason, string> = {
  CLIENT_CANCELLED: "Cancelled by the client",
  CLIENT_CANCELLED_LATE: "Cancelled late by the client (half refunded)",
  CONSULTANT_CANCELLED: "Cancelled by the assistant",
  OPERATOR_CANCELLED: "Cancelled by an operator",
  NOT_ACCEPTED: "Not accepted in time",
  OVERPAID: "Paid more than asked",
  PAID_TWICE: "Paid twice",
  PAID_CLOSED: "Paid after the booking was closed",
};

/** Each kind of ledger account, in words. */
export const LEDGER_KIND_TEXTS: Record<LedgerAccountKind, string> = {
  CASH: "Cash (receiving account)",
  CLIENT_HELD: "Held for bookings",
  FEE_INCOME: "Fee income",
  REFERRAL_EXPENSE: "Referral rewards paid",
  PAYABLE: "Owed to a payee",
  REFUNDS_DUE: "Refund owed to a client",
  PAYOUTS_IN_TRANSIT: "Payouts being sent",
  REFUNDS_IN_TRANSIT: "Refunds being sent",
};

/** What caused a journal entry, in words. */
export const JOURNAL_KIND_TEXTS: Record<JournalKind, string> = {
  PAYMENT_RECEIVED: "Payment received",
  OVERPAYMENT: "Paid over",
  BOOKING_COMPLETED: "Booking completed",
  REFERRAL_REWARD: "Referral reward",
  BOOKING_REFUNDED: "Booking refunded",
  LATE_CANCELLATION: "Late-cancellation fee",
  PAYOUT_BATCHED: "Payout batched",
  PAYOUT_SENT: "Payout sent",
  PAYOUT_FAILED: "Payout failed",
  REFUND_BATCHED: "Refund batched",
  REFUND_SENT: "Refund sent",
  REFUND_FAILED: "Refund failed",
  OPENING_BALANCE: "Opening balance",
};

/** The trial balance's verdict: "Balanced", or "Out of balance by ₱12.50". */
export function balanceVerdict(totals: { totalDebitsCentavos: number; totalCreditsCentavos: number }): { balanced: boolean; text: string } {
  const difference = Math.abs(totals.totalDebitsCentavos - totals.totalCreditsCentavos);
  return difference === 0 ? { balanced: true, text: "Balanced" } : { balanced: false, text: `Out of balance by ${formatCentavos(difference)}` };
}

/**
 * An account history line as its debit and its credit, one of them empty. The line's amount is
 * signed in the account's normal direction (what adds to its balance is positive): a debit for
 * a debit-normal account (cash, referral rewards), a credit for the others.
 */
export function debitCredit(amountCentavos: number, kind: LedgerAccountKind): { debit: string; credit: string } {
  const debit = DEBIT_NORMAL_KINDS.includes(kind) ? amountCentavos : -amountCentavos;
  if (debit > 0) return { debit: formatCentavos(debit), credit: "" };
  if (debit < 0) return { debit: "", credit: formatCentavos(-debit) };
  return { debit: "", credit: "" };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The journal export's range (two Manila dates, yyyy-MM-dd): why it cannot be sent, by field; empty when it can. */
export function journalRangeErrors(range: { from: string; to: string }): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!DATE.test(range.from)) errors.from = "Choose the first day.";
  if (!DATE.test(range.to)) errors.to = "Choose the last day.";
  else if (!errors.from && range.to < range.from) errors.to = "The last day cannot come before the first.";
  return errors;
}
