import { manilaDate, manilaTime, type Booking, type BookingReviews, type BookingStatus } from "@vam/shared";
import { toPerson } from "../chat/serialize.js";
import type { Db } from "../db/client.js";
import type { bookings } from "../db/schema.js";
import { bookingReviewsFor, reviewsOfBookings } from "../reviews/queries.js";
import type { BookingWithParties } from "./queries.js";

export type BookingRow = typeof bookings.$inferSelect;

export const toBooking = ({ booking: row, client, consultant, payment }: BookingWithParties, reviews: BookingReviews): Booking => ({
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
});

/** A new booking: nobody has reviewed it. */
export const withoutReviews = (item: BookingWithParties) => toBooking(item, bookingReviewsFor(item.client.id, item.booking.completedAt));

/** Bookings as `viewerId` sees them, with their reviews (one query for all). */
export async function bookingViews(db: Db, viewerId: string, items: BookingWithParties[]): Promise<Booking[]> {
  const reviews = await reviewsOfBookings(
    db,
    items.filter(({ booking }) => booking.status === "COMPLETED").map(({ booking }) => booking.id),
  );
  return items.map((item) => toBooking(item, bookingReviewsFor(viewerId, item.booking.completedAt, reviews.get(item.booking.id))));
}

export const bookingView = async (db: Db, viewerId: string, item: BookingWithParties) => (await bookingViews(db, viewerId, [item]))[0]!;
