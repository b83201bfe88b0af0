import { asc, eq, inArray } from "drizzle-orm";
import { centavosOf, formatShortDate, formatTime, manilaDate, manilaTime } from "@vam/shared";
import type { Db } from "../db/client.js";
import { bookings, users } from "../db/schema.js";
import { paymentById } from "../payments/public.js";
import { receiptNumber, receiptPdf, type PlatformIdentity, type ReceiptPdfData } from "./pdf.js";
import type { ReceiptRow } from "./repository.js";

/** "4 hours with Maria Santos, Tue, Dec 1, 2026, 9:00 AM": one booking date a payment paid for, in Manila time. */
export function receiptItemText(duration: number, consultantName: string, startsAt: Date): string {
  const day = manilaDate(startsAt);
  return `${duration} hours with ${consultantName}, ${formatShortDate(day)}, ${day.slice(0, 4)}, ${formatTime(manilaTime(startsAt))}`;
}

/**
 * What a receipt says, read from its payment: the client, the references, and one item per
 * booking date the payment paid for (its price). Should the dates' prices not add up to the
 * amount received (they always do), the receipt has one item of the payment's amount instead,
 * so that it always adds up.
 */
export async function receiptData(db: Db, platform: PlatformIdentity, receipt: ReceiptRow): Promise<ReceiptPdfData> {
  const payment = await paymentById(db, receipt.paymentId);
  if (!payment) throw new Error(`Receipt ${receipt.number} has no payment ${receipt.paymentId}`);
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [payment.clientId, payment.consultantId]));
  const client = people.find((person) => person.id === payment.clientId);
  const consultant = people.find((person) => person.id === payment.consultantId);
  const consultantName = consultant ? `${consultant.firstName} ${consultant.lastName}` : "your assistant";
  const dates = await db
    .select({ startsAt: bookings.startsAt, duration: bookings.duration, price: bookings.price })
    .from(bookings)
    .where(eq(bookings.paymentId, payment.id))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  let items = dates.map((date) => ({
    description: receiptItemText(date.duration, consultantName, date.startsAt),
    amountCentavos: centavosOf(date.price),
  }));
  if (items.reduce((sum, item) => sum + item.amountCentavos, 0) !== receipt.amountCentavos) {
    const what = dates.length === 1 ? "1 booking" : `${dates.length} bookings`;
    items = [{ description: `Payment ${payment.reference}: ${what} with ${consultantName}`, amountCentavos: receipt.amountCentavos }];
  }
  return {
    platform,
    number: receipt.number,
    issuedAt: receipt.issuedAt,
    client: { name: client ? `${client.firstName} ${client.lastName}` : "Deleted user", email: client?.email ?? "" },
    payment: {
      reference: payment.reference,
      amountCentavos: receipt.amountCentavos,
      transferReference: payment.transferReference,
      verifiedAt: payment.decidedAt ?? receipt.issuedAt,
    },
    items,
  };
}

/** "receipt-000042.pdf". */
export const receiptFileName = (number: number) => `receipt-${String(number).padStart(6, "0")}.pdf`;

/** The receipt's PDF, its file name and its printed number ("No. 000042"). */
export async function receiptDocument(db: Db, platform: PlatformIdentity, receipt: ReceiptRow) {
  return {
    fileName: receiptFileName(receipt.number),
    printedNumber: receiptNumber(receipt.number),
    bytes: await receiptPdf(await receiptData(db, platform, receipt)),
  };
}
