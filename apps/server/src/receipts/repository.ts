import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { bookings, receipts } from "../db/schema.js";

export type ReceiptRow = typeof receipts.$inferSelect;

/** The transaction-scoped advisory lock that numbers receipts one at a time. */
const RECEIPT_NUMBER_LOCK = 0x5245_4350; // "RECP"

/**
 * The acknowledgement receipt of a verified payment, numbered in sequence without gaps: the next
 * number is taken under a lock held until commit, so a rolled-back payment leaves no hole (a
 * database sequence would). Issued once per payment; a second call answers the first receipt.
 */
export async function issueReceipt(tx: Db, payment: { id: string; amountCentavos: number }, at: Date): Promise<ReceiptRow> {
  const existing = await receiptOfPayment(tx, payment.id);
  if (existing) return existing;
  await tx.execute(sql`select pg_advisory_xact_lock(${RECEIPT_NUMBER_LOCK})`);
  const [next] = await tx.select({ number: sql<number>`coalesce(max(${receipts.number}), 0) + 1`.mapWith(Number) }).from(receipts);
  const [row] = await tx
    .insert(receipts)
    .values({ number: next!.number, paymentId: payment.id, amountCentavos: payment.amountCentavos, issuedAt: at })
    .returning();
  return row!;
}

export async function receiptOfPayment(db: Db, paymentId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
  return row;
}

/** The booking's client, assistant and payment, or undefined when there is no such booking. */
export async function bookingParties(db: Db, bookingId: string) {
  const [booking] = await db
    .select({ clientId: bookings.clientId, consultantId: bookings.consultantId, paymentId: bookings.paymentId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return booking;
}
