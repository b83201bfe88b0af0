import { z } from "zod";
import {
  LEDGER_ACCOUNT_KINDS,
  JOURNAL_KINDS,
  PAYOUT_KINDS,
  PAYOUT_LINE_STATES,
  PAYOUT_METHODS,
  REFUND_REASONS,
  REFUND_STATES,
} from "../constants.js";

/**
 * Money out (decisions.md, "Cancelling, refunds, fees and payouts"; decision 0020): refunds, the
 * cancel dialog's quote, earnings, payouts and the ledger, as the API answers them. Every amount
 * is integer centavos.
 */

const instant = z.string().describe("ISO 8601 instant");
const centavos = z.number().int().describe("integer centavos");

/** A booking's refund as its parties see it (`GET /bookings/...` carries it on each cancelled paid date). */
export const bookingRefundSchema = z.object({
  id: z.string(),
  amountCentavos: centavos,
  /** What the assistant kept as a late-cancellation fee (0 unless the client cancelled late). */
  lateFeeCentavos: centavos,
  reason: z.enum(REFUND_REASONS),
  state: z.enum(REFUND_STATES),
  sentAt: instant.nullable(),
});

/**
 * `GET /bookings/{id}/cancellation` and `GET /bookings/series/{id}/cancellation`: what cancelling
 * now would give back, by the server's clock, for the cancel dialog. `paid`: the payment was
 * verified (the amounts are sure); otherwise `refundCentavos` is what comes back if the payment
 * arrives.
 */
export const cancellationQuoteSchema = z.object({
  paid: z.boolean(),
  dates: z.number().int(),
  refundCentavos: centavos,
  lateFeeCentavos: centavos,
  late: z.boolean(),
});

/** `PUT /admin/bookings/{id}/cancel`: an operator cancels a booking (or the rest of its series); the reason is told to both parties. */
export const operatorCancelSchema = z.object({
  reason: z.string().trim().min(3, "Say why, in a few words.").max(300),
  wholeSeries: z.boolean().optional(),
});

/** One line of a payee's earnings: a booking earned, a late-cancellation fee, a reward, a payout. */
export const earningLineSchema = z.object({
  entryNumber: z.number().int(),
  kind: z.enum(JOURNAL_KINDS),
  memo: z.string(),
  at: instant,
  /** Signed: earned positive, paid out negative. */
  amountCentavos: centavos,
  bookingId: z.string().nullable(),
  /** For a payout: its state and the transfer's reference. */
  payout: z.object({ state: z.enum(PAYOUT_LINE_STATES), transferReference: z.string().nullable() }).nullable(),
});

/** `GET /earnings`: the balance (pending, available, being sent, paid out) and its lines. */
export const earningsSchema = z.object({
  /** The assistant's share of paid bookings not completed yet (not on the ledger until they complete). */
  pendingCentavos: centavos,
  /** On the ledger, completed and not yet in a payout. */
  availableCentavos: centavos,
  /** In a payout batch not yet marked sent. */
  sendingCentavos: centavos,
  paidOutCentavos: centavos,
  payoutMinimumCentavos: centavos,
  /** Months (yyyy-MM) with a statement to download, newest first. */
  statementMonths: z.array(z.string()),
  lines: z.array(earningLineSchema),
  /** Upcoming paid bookings that make up `pendingCentavos`. */
  pending: z.array(z.object({ bookingId: z.string(), startsAt: instant, amountCentavos: centavos, clientName: z.string() })),
});

export const payoutDestinationSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNumber: z.string(),
});

export const payoutLineSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYOUT_KINDS),
  payee: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  amountCentavos: centavos,
  destination: payoutDestinationSchema,
  state: z.enum(PAYOUT_LINE_STATES),
  transferReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  decidedAt: instant.nullable(),
  /** For a refund: why, and the booking or payment it is for. */
  refund: z.object({ reason: z.enum(REFUND_REASONS), paymentReference: z.string().nullable() }).nullable(),
});

export const payoutBatchSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  createdAt: instant,
  createdBy: z.string().nullable(),
  totalCentavos: centavos,
  counts: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }),
  lines: z.array(payoutLineSchema),
});

/** `GET /admin/payouts` and `GET /admin/refunds`: what a new batch would pay now, what waits, and the batches. */
export const payoutOverviewSchema = z.object({
  kind: z.enum(PAYOUT_KINDS),
  /** Balances (or refunds) a batch run now would include. */
  ready: z.array(z.object({ payeeId: z.string().nullable(), name: z.string(), amountCentavos: centavos, destination: payoutDestinationSchema })),
  /** Balances (or refunds) that wait, and why: below the minimum, no payout account, account changed (held until). */
  waiting: z.array(
    z.object({
      payeeId: z.string().nullable(),
      name: z.string(),
      amountCentavos: centavos,
      why: z.enum(["belowMinimum", "noAccount", "accountChanged"]),
      heldUntil: instant.nullable(),
    }),
  ),
  batches: z.array(payoutBatchSchema.omit({ lines: true })),
});

/** `PUT /admin/payout-lines/{id}`: sent with the transfer's reference, or failed with why. */
export const payoutLineDecisionSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("SENT"), transferReference: z.string().trim().min(3, "Enter the transfer's reference.").max(64) }),
  z.object({ state: z.literal("FAILED"), failureReason: z.string().trim().min(3, "Say why it failed.").max(300) }),
]);

export const ledgerAccountViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(LEDGER_ACCOUNT_KINDS),
  name: z.string(),
  ownerId: z.string().nullable(),
  balanceCentavos: centavos,
  debitsCentavos: centavos,
  creditsCentavos: centavos,
});

/** `GET /admin/ledger`: the trial balance (every account with a balance, and the totals). */
export const trialBalanceSchema = z.object({
  accounts: z.array(ledgerAccountViewSchema),
  totalDebitsCentavos: centavos,
  totalCreditsCentavos: centavos,
  /** The platform's cash: money in minus money out. */
  cashCentavos: centavos,
});

/** `GET /admin/ledger/accounts/{id}`: one account's history. */
export const ledgerAccountHistorySchema = z.object({
  account: ledgerAccountViewSchema,
  lines: z.array(
    z.object({
      entryNumber: z.number().int(),
      kind: z.enum(JOURNAL_KINDS),
      memo: z.string(),
      at: instant,
      amountCentavos: centavos,
      bookingId: z.string().nullable(),
      paymentId: z.string().nullable(),
    }),
  ),
});
