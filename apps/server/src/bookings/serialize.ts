import { manilaDate, manilaTime, paymentReference, type Booking, type BookingReviews, type BookingStatus } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import { toPerson } from "../chat/serialize.js";
import type { Db } from "../db/client.js";
import type { bookings } from "../db/schema.js";
import { bookingReviewsFor, reviewsOfBookings } from "../reviews/queries.js";
import type { BookingWithParties } from "./queries.js";

export type BookingRow = typeof bookings.$inferSelect;

export const toBooking = (row: BookingRow, client: UserRow, consultant: UserRow, reviews: BookingReviews): Booking => ({
  id: row.id,
  date: manilaDate(row.startsAt),
  startTime: manilaTime(row.startsAt),
  endTime: manilaTime(row.endsAt),
  duration: row.duration,
  price: row.price,
  status: row.status as BookingStatus,
  paymentStatus: row.paymentStatus,
  paymentReference: paymentReference(row.consultantId),
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
export const withoutReviews = (row: BookingRow, client: UserRow, consultant: UserRow) =>
  toBooking(row, client, consultant, bookingReviewsFor(client.id, row.completedAt));

/** Bookings as `viewerId` sees them, with their reviews (one query for all). */
export async function bookingViews(db: Db, viewerId: string, items: BookingWithParties[]): Promise<Booking[]> {
  const reviews = await reviewsOfBookings(
    db,
    items.filter(({ booking }) => booking.status === "COMPLETED").map(({ booking }) => booking.id),
  );
  return items.map(({ booking, client, consultant }) =>
    toBooking(booking, client, consultant, bookingReviewsFor(viewerId, booking.completedAt, reviews.get(booking.id))),
  );
}

export const bookingView = async (db: Db, viewerId: string, item: BookingWithParties) => (await bookingViews(db, viewerId, [item]))[0]!;
