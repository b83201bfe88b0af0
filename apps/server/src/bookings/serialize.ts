import { centavosOf, manilaDate, manilaTime, type Booking, type BookingRefund, type BookingReviews, type BookingStatus } from "@vam/shared";
import { toPerson } from "../chat/public.js";
import type { Db } from "../db/client.js";
import { type RefundRow, refundsOfBookings } from "../ledger/public.js";
import { bookingReviewsFor, reviewsOfBookings } from "../reviews/public.js";
import type { BookingRow, BookingWithParties } from "./queries.js";

export type { BookingRow };

/** A cancelled paid date's refund as its parties see it; the late fee is what the price kept. */
const toRefund = (row: BookingRow, refund: RefundRow | undefined): BookingRefund | null =>
  refund
    ? {
        id: refund.id,
        amountCentavos: refund.amountCentavos,
        lateFeeCentavos: refund.reason === "CLIENT_CANCELLED_LATE" ? centavosOf(row.price) - refund.amountCentavos : 0,
        reason: refund.reason,
        state: refund.state,
        sentAt: refund.sentAt?.toISOString() ?? null,
      }
    : null;

export const toBooking = (
  { booking: row, client, consultant, payment }: BookingWithParties,
  reviews: BookingReviews,
  refund?: RefundRow,
): Booking => ({
  id: row.id,
  date: manilaDate(row.startsAt),
  startTime: manilaTime(row.startsAt),
  endTime: manilaTime(row.endsAt),
  duration: row.duration,
  price: row.price,
  status: row.status as BookingStatus,
  paymentStatus: row.paymentStatus,
  paymentReference: payment.reference,
  transferReference: payment.transferReference,
  cancelReason: row.cancelReason,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  isRecurring: row.isRecurring,
  seriesId: row.seriesId,
  consultantId: row.consultantId,
  consultant: toPerson(consultant),
  user: toPerson(client),
  createdAt: row.createdAt.toISOString(),
  reviews,
  refund: toRefund(row, refund),
});

/** A new booking: nobody has reviewed it. */
export const withoutReviews = (item: BookingWithParties) => toBooking(item, bookingReviewsFor(item.client.id, item.booking.completedAt));

/** Bookings as `viewerId` sees them, with their reviews (one query for all). */
export async function bookingViews(db: Db, viewerId: string, items: BookingWithParties[]): Promise<Booking[]> {
  const reviews = await reviewsOfBookings(
    db,
    items.filter(({ booking }) => booking.status === "COMPLETED").map(({ booking }) => booking.id),
  );
  const refunds = await refundsOfBookings(
    db,
    items.filter(({ booking }) => booking.status === "CANCELLED").map(({ booking }) => booking.id),
  );
  return items.map((item) =>
    toBooking(item, bookingReviewsFor(viewerId, item.booking.completedAt, reviews.get(item.booking.id)), refunds.get(item.booking.id)),
  );
}

export const bookingView = async (db: Db, viewerId: string, item: BookingWithParties) => (await bookingViews(db, viewerId, [item]))[0]!;
