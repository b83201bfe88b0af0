import { asc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG, type BookingParty } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import type { Db } from "../db/client.js";
import { bookings, users } from "../db/schema.js";
import { notFound } from "../http/errors.js";
import type { BookingRow } from "./serialize.js";

export interface BookingWithParties {
  booking: BookingRow;
  client: UserRow;
  consultant: UserRow;
}

const clients = alias(users, "client");
const consultants = alias(users, "consultant");

const withParties = (db: Db, where: SQL | undefined) =>
  db
    .select({ booking: bookings, client: clients, consultant: consultants })
    .from(bookings)
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .where(where);

/** Bookings matching `where`, each with both parties, earliest first. */
export function bookingsWithParties(db: Db, where: SQL | undefined): Promise<BookingWithParties[]> {
  return withParties(db, where).orderBy(asc(bookings.startsAt), asc(bookings.id));
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
export async function partyBooking(db: Db, id: string, userId: string, { lock = false } = {}) {
  const query = withParties(db, eq(bookings.id, id));
  const [found] = await (lock ? query.for("update", { of: bookings }) : query);
  const party = found && partyOf(found.booking, userId);
  if (!found || !party) throw notFound(MSG.bookingNotFound);
  return { ...found, party };
}
