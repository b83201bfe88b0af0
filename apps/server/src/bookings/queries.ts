import { asc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG, type BookingParty } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import type { Db } from "../db/client.js";
import { bookingSeries, bookings, payments, users } from "../db/schema.js";
import type { PaymentRow } from "../payments/public.js";
import { notFound } from "../http/errors.js";
import type { BookingRow } from "./serialize.js";

export interface BookingWithParties {
  booking: BookingRow;
  client: UserRow;
  consultant: UserRow;
  /** The payment the booking is paid by (a weekly series' dates share one). */
  payment: PaymentRow;
}

export const clients = alias(users, "client");
export const consultants = alias(users, "consultant");

const withParties = (db: Db, where: SQL | undefined) =>
  db
    .select({ booking: bookings, client: clients, consultant: consultants, payment: payments })
    .from(bookings)
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(where);

/** Bookings matching `where`, each with both parties; earliest first unless `order` says otherwise. */
export function bookingsWithParties(
  db: Db,
  where: SQL | undefined,
  { order = [asc(bookings.startsAt), asc(bookings.id)], limit }: { order?: SQL[]; limit?: number } = {},
): Promise<BookingWithParties[]> {
  const query = withParties(db, where).orderBy(...order);
  return limit === undefined ? query : query.limit(limit);
}

/** One booking with both parties, whoever asks (404 when there is none); `lock` keeps its row locked. */
export async function bookingWithParties(db: Db, id: string, { lock = false } = {}): Promise<BookingWithParties> {
  const query = withParties(db, eq(bookings.id, id));
  const [found] = await (lock ? query.for("update", { of: bookings }) : query);
  if (!found) throw notFound(MSG.bookingNotFound);
  return found;
}

/** How `userId` takes part in a booking, or null when it is not theirs. */
export function partyOf(booking: BookingRow, userId: string): BookingParty | null {
  if (booking.consultantId === userId) return "consultant";
  if (booking.clientId === userId) return "client";
  return null;
}

/**
 * One booking of `userId` with both parties and how the user takes part; 404 when it is not
 * theirs. With `lock`, the booking row stays locked until the transaction ends.
 */
export async function partyBooking(db: Db, id: string, userId: string, options: { lock?: boolean } = {}) {
  const found = await bookingWithParties(db, id, options);
  const party = partyOf(found.booking, userId);
  if (!party) throw notFound(MSG.bookingNotFound);
  return { ...found, party };
}

/** A weekly series' row (404 when there is none). */
export async function seriesById(db: Db, id: string) {
  const [series] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, id));
  if (!series) throw notFound(MSG.seriesNotFound);
  return series;
}

/** Locks every booking of a series until the transaction ends, in id order (the one order every whole-series change uses). */
export async function lockSeriesRows(tx: Db, seriesId: string) {
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(asc(bookings.id)).for("update");
}
