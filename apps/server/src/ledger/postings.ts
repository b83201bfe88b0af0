import { inArray } from "drizzle-orm";
import { cancellationSplit, centavosOf, formatCentavos, platformFeeOf, type CancelReason, type Canceller, type RefundReason } from "@vam/shared";
import type { Db } from "../db/client.js";
import { refunds } from "../db/schema.js";
import { isPosted, postEntry } from "./repository.js";

/**
 * What each money event of decisions.md ("Cancelling, refunds, fees and payouts") posts, in the
 * transaction of the change that causes it (decision 0020). Each event posts once: its event key
 * is unique, so a retry or a racing request posts nothing more.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** The part of a booking row the postings read. */
export interface BookingMoney {
  id: string;
  clientId: string;
  consultantId: string;
  paymentId: string;
  price: number;
  startsAt: Date;
  status: string;
  paymentStatus: string;
  cancelReason: CancelReason | null;
}

interface PaymentMoney {
  id: string;
  reference: string;
  clientId: string;
  amountCentavos: number;
}

/** A payment verified: its whole amount is in the receiving account, held for its bookings. */
export async function postPaymentReceived(tx: Db, payment: PaymentMoney, at: Date, actorId: string | null) {
  return postEntry(tx, {
    kind: "PAYMENT_RECEIVED",
    eventKey: `received:${payment.id}`,
    memo: `Payment ${payment.reference} received`,
    at,
    paymentId: payment.id,
    actorId,
    lines: [
      { account: "cash", amount: payment.amountCentavos },
      { account: "held", amount: -payment.amountCentavos },
    ],
  });
}

/** Who cancelled, as the policy reads it, from the reason stored on the booking. */
function cancellerOf(reason: CancelReason | null): { by: Canceller; reason: (late: boolean) => RefundReason } {
  switch (reason) {
    case "CLIENT":
      return { by: "client", reason: (late) => (late ? "CLIENT_CANCELLED_LATE" : "CLIENT_CANCELLED") };
    case "CONSULTANT":
      return { by: "consultant", reason: () => "CONSULTANT_CANCELLED" };
    case "OPERATOR":
      return { by: "platform", reason: () => "OPERATOR_CANCELLED" };
    case "NOT_ACCEPTED":
      return { by: "platform", reason: () => "NOT_ACCEPTED" };
    default:
      // Expired or rejected while unpaid, and the money came after all.
      return { by: "platform", reason: () => "PAID_CLOSED" };
  }
}

export interface CancellationPosted {
  refund: RefundRow | null;
  lateFeeCentavos: number;
}

/**
 * A cancelled date whose payment was received: the client's share back (refund due), and on a
 * client's late cancellation half the price to the assistant as a fee, less the platform's share.
 * `policyAt` is when the cancellation happened (the late rule reads it); a date cancelled before
 * its payment was verified comes back in full (`inFull`). Nothing happens for an unpaid date.
 */
export async function postCancellation(
  tx: Db,
  booking: BookingMoney,
  { at, actorId, feePercent, inFull = false }: { at: Date; actorId: string | null; feePercent: number; inFull?: boolean },
): Promise<CancellationPosted | null> {
  if (booking.status !== "CANCELLED" || (!inFull && booking.paymentStatus !== "PAID") || (await isPosted(tx, `refunded:${booking.id}`))) return null;
  const priceCentavos = centavosOf(booking.price);
  const canceller = cancellerOf(booking.cancelReason);
  const split = cancellationSplit(priceCentavos, booking.startsAt, at, inFull ? "platform" : canceller.by);
  const fee = platformFeeOf(split.lateFeeCentavos, feePercent);
  const [refund] =
    split.refundCentavos > 0
      ? await tx
          .insert(refunds)
          .values({
            clientId: booking.clientId,
            bookingId: booking.id,
            paymentId: booking.paymentId,
            amountCentavos: split.refundCentavos,
            reason: canceller.reason(split.late),
            createdAt: at,
          })
          .returning()
      : [];
  const posted = await postEntry(tx, {
    kind: split.late ? "LATE_CANCELLATION" : "BOOKING_REFUNDED",
    eventKey: `refunded:${booking.id}`,
    memo: split.late
      ? `Late cancellation: ${formatCentavos(split.refundCentavos)} back, ${formatCentavos(split.lateFeeCentavos)} fee`
      : `Cancelled: ${formatCentavos(split.refundCentavos)} back in full`,
    at,
    bookingId: booking.id,
    paymentId: booking.paymentId,
    refundId: refund?.id ?? null,
    actorId,
    lines: [
      { account: "held", amount: priceCentavos },
      { account: { kind: "REFUNDS_DUE", userId: booking.clientId }, amount: -split.refundCentavos },
      { account: "fees", amount: -fee },
      { account: { kind: "PAYABLE", userId: booking.consultantId }, amount: -(split.lateFeeCentavos - fee) },
    ],
  });
  // The booking's row lock serializes its cancellations; a second post here would be a bug.
  if (!posted) throw new Error(`Cancellation of booking ${booking.id} was already posted`);
  return { refund: refund ?? null, lateFeeCentavos: split.lateFeeCentavos };
}

/** A completed paid date: the platform's fee, and the rest to the assistant's payable (available now). */
export async function postCompletion(
  tx: Db,
  booking: BookingMoney,
  { at, actorId, feePercent }: { at: Date; actorId: string | null; feePercent: number },
) {
  if (booking.status !== "COMPLETED" || booking.paymentStatus !== "PAID") return null;
  const priceCentavos = centavosOf(booking.price);
  const fee = platformFeeOf(priceCentavos, feePercent);
  return postEntry(tx, {
    kind: "BOOKING_COMPLETED",
    eventKey: `completed:${booking.id}`,
    memo: `Booking completed: ${formatCentavos(priceCentavos)}, platform fee ${formatCentavos(fee)}`,
    at,
    bookingId: booking.id,
    paymentId: booking.paymentId,
    actorId,
    lines: [
      { account: "held", amount: priceCentavos },
      { account: "fees", amount: -fee },
      { account: { kind: "PAYABLE", userId: booking.consultantId }, amount: -(priceCentavos - fee) },
    ],
  });
}

/** A referral reward, paid by the platform when the referred booking completes. */
export async function postReward(
  tx: Db,
  { bookingId, earnerId, amountCentavos, at }: { bookingId: string; earnerId: string; amountCentavos: number; at: Date },
) {
  return postEntry(tx, {
    kind: "REFERRAL_REWARD",
    eventKey: `reward:${bookingId}`,
    memo: `Referral reward ${formatCentavos(amountCentavos)}`,
    at,
    bookingId,
    lines: [
      { account: "rewards", amount: amountCentavos },
      { account: { kind: "PAYABLE", userId: earnerId }, amount: -amountCentavos },
    ],
  });
}

/**
 * Money that arrived beyond what a payment asked for (an overpayment, a second transfer, a
 * transfer for a payment already closed): in the receiving account and owed back to the client.
 * `eventKey` names the proof (a statement line), so the same proof is never counted twice.
 */
export async function postExtraReceived(
  tx: Db,
  {
    payment,
    amountCentavos,
    reason,
    eventKey,
    at,
    actorId,
  }: {
    payment: PaymentMoney;
    amountCentavos: number;
    reason: Extract<RefundReason, "OVERPAID" | "PAID_TWICE" | "PAID_CLOSED">;
    eventKey: string;
    at: Date;
    actorId: string | null;
  },
) {
  const [refund] = await tx
    .insert(refunds)
    .values({ clientId: payment.clientId, paymentId: payment.id, amountCentavos, reason, createdAt: at })
    .returning();
  const posted = await postEntry(tx, {
    kind: "OVERPAYMENT",
    eventKey,
    memo: `${formatCentavos(amountCentavos)} more than payment ${payment.reference} asked: owed back`,
    at,
    paymentId: payment.id,
    refundId: refund!.id,
    actorId,
    lines: [
      { account: "cash", amount: amountCentavos },
      { account: { kind: "REFUNDS_DUE", userId: payment.clientId }, amount: -amountCentavos },
    ],
  });
  if (!posted) throw new Error(`${eventKey} was already posted`);
  return refund!;
}

/** The refunds of bookings, for their views (the newest per booking). */
export async function refundsOfBookings(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, RefundRow>();
  const rows = await db.select().from(refunds).where(inArray(refunds.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId!, row]));
}
