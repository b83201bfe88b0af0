import { asc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { BookingParty } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import type { Db } from "../db/client.js";
import { bookings, users } from "../db/schema.js";
import type { BookingRow } from "./serialize.js";

export interface BookingWithParties {
  booking: BookingRow;
  client: UserRow;
  consultant: UserRow;
}

const clients = alias(users, "client");
const consultants = alias(users, "consultant");

/** Bookings matching `where`, each with both parties, earliest first. */
export function bookingsWithParties(db: Db, where: SQL | undefined): Promise<BookingWithParties[]> {
  return db
    .select({ booking: bookings, client: clients, consultant: consultants })
    .from(bookings)
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .where(where)
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** How `userId` takes part in a booking, or null when it is not theirs. */
export function partyOf(booking: BookingRow, userId: string): BookingParty | null {
  if (booking.consultantId === userId) return "consultant";
  if (booking.clientId === userId) return "client";
  return null;
}

export async function bookingWithParties(db: Db, id: string): Promise<BookingWithParties | undefined> {
  const [found] = await bookingsWithParties(db, eq(bookings.id, id));
  return found;
}
