import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG, paymentDecisionRefusal, type PaymentDecision } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import { recordAudit } from "../audit/record.js";
import type { Db } from "../db/client.js";
import { bookings } from "../db/schema.js";
import { queueBookingEmails } from "./emails.js";
import { conflict, notFound } from "../http/errors.js";
import type { NotificationRow } from "../notifications/public.js";
import { postCancellation, postPaymentReceived } from "../ledger/public.js";
import { decidePaymentRow, paymentById, type PaymentRow } from "../payments/public.js";
import { issueReceipt, type ReceiptRow } from "../receipts/public.js";
import { notifyBothParties, publishChanges, seriesPayment } from "./changes.js";
import { bookingsWithParties, type BookingWithParties } from "./queries.js";

/** Bookings whose payment waits for an operator: unverified and still open. */
export const awaitingPayment = and(eq(bookings.paymentStatus, "UNVERIFIED"), inArray(bookings.status, ["PENDING", "CONFIRMED"]));

export interface PaymentDecided {
  /** Every booking the decision changed, earliest first (one, or the open dates of a series). */
  all: BookingWithParties[];
  notices: NotificationRow[];
  /** The acknowledgement receipt of a payment received. */
  receipt: ReceiptRow | null;
}

/**
 * A payment received, on the ledger in the decision's transaction: its whole amount into the
 * receiving account and held; a date cancelled while the payment waited comes back in full (its
 * money arrived with the rest); and its numbered acknowledgement receipt.
 */
async function receivePayment(tx: Db, app: FastifyInstance, payment: PaymentRow, operator: UserRow, now: Date) {
  await postPaymentReceived(tx, payment, now, operator.id);
  const closed = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.paymentId, payment.id), eq(bookings.status, "CANCELLED")))
    .orderBy(asc(bookings.startsAt));
  for (const booking of closed) {
    await postCancellation(tx, booking, { at: now, actorId: operator.id, feePercent: app.config.platformFeePercent, inFull: true });
  }
  return issueReceipt(tx, payment, now);
}

/**
 * An operator's decision on one payment, in the caller's transaction: PAID, or REJECTED (which
 * cancels its bookings). A weekly series is one payment: the decision covers every date still
 * waiting. The payment's row is locked first, so two decisions on it (two operators, or the
 * console and a statement line) queue and the second is refused (409). Audit-logged, both
 * parties notified and emailed; `publishPaymentDecision` after commit.
 */
export async function decidePayment(
  tx: Db,
  app: FastifyInstance,
  { paymentId, decision, operator, now, proof }: { paymentId: string; decision: PaymentDecision; operator: UserRow; now: Date; proof?: unknown },
): Promise<PaymentDecided> {
  const payment = await paymentById(tx, paymentId, { lock: true });
  if (!payment) throw notFound(MSG.paymentNotFound);
  // The payment's bookings in id order (the order of every whole-series change), locked.
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentId, paymentId)).orderBy(asc(bookings.id)).for("update");
  const waiting = await bookingsWithParties(tx, and(eq(bookings.paymentId, paymentId), awaitingPayment));
  if (waiting.length === 0) {
    // Nothing waits: say why, from the payment's first booking (already decided, or closed).
    const [first] = await tx.select().from(bookings).where(eq(bookings.paymentId, paymentId)).orderBy(asc(bookings.startsAt)).limit(1);
    if (!first) throw notFound(MSG.paymentNotFound);
    throw conflict(paymentDecisionRefusal(first) ?? MSG.paymentBookingClosed);
  }
  const rejected = decision === "REJECTED";
  const updated = await tx
    .update(bookings)
    .set({
      paymentStatus: decision,
      paymentDecidedAt: now,
      ...(rejected ? { status: "CANCELLED" as const, cancelReason: "PAYMENT_REJECTED" as const, sequence: sql`${bookings.sequence} + 1` } : {}),
      updatedAt: now,
    })
    .where(
      and(
        inArray(
          bookings.id,
          waiting.map(({ booking }) => booking.id),
        ),
        awaitingPayment,
      ),
    )
    .returning();
  await decidePaymentRow(tx, paymentId, decision, now);
  const paid = { ...payment, state: decision, decidedAt: now };
  const receipt = rejected ? null : await receivePayment(tx, app, paid, operator, now);
  const all = waiting.map((item) => ({ ...item, booking: updated.find((row) => row.id === item.booking.id)!, payment: paid }));
  const changed = all[0]!;
  const series = changed.booking.seriesId ? seriesPayment(all) : undefined;
  await recordAudit(tx, {
    actorId: operator.id,
    action: rejected ? "payment.rejected" : "payment.received",
    entityType: "payment",
    entityId: paymentId,
    before: {
      reference: payment.reference,
      state: payment.state,
      paymentStatus: "UNVERIFIED",
      status: waiting[0]!.booking.status,
      dates: all.length,
    },
    after: { reference: payment.reference, state: decision, paymentStatus: decision, status: changed.booking.status, ...(proof ? { proof } : {}) },
    at: now,
  });
  const notices = await notifyBothParties(tx, rejected ? "paymentRejected" : "paymentReceived", changed, series);
  await queueBookingEmails(
    tx,
    app,
    rejected
      ? { kind: "bookingCancelled", item: changed, series, reason: "the payment was not received" }
      : { kind: "paymentVerified", item: changed, series, receipt },
  );
  return { all, notices, receipt };
}

/** After commit: the changed bookings and the notifications to both parties' tabs. */
export const publishPaymentDecision = (app: FastifyInstance, decided: PaymentDecided) => publishChanges(app, decided.all, decided.notices);
