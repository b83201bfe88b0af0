import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG, type BookingParty, type TARGET_STATUSES } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { Db } from "../db/client.js";
import { bookingSeries, bookings, payments, users } from "../db/schema.js";
import type { PaymentRow } from "../payments/public.js";
import { notFound } from "../http/errors.js";
import { HOLDING } from "../slots/public.js";

/** A booking's row (its parties and payment are joined by `bookingsWithParties`). */
export type BookingRow = typeof bookings.$inferSelect;

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

/** The bookings of a series with both parties, their rows locked until the transaction ends. */
export async function lockedOccurrences(tx: Db, seriesId: string) {
  await lockSeriesRows(tx, seriesId);
  return occurrencesOf(tx, seriesId);
}

/** The bookings of a series with both parties, earliest first. */
export function occurrencesOf(db: Db, seriesId: string) {
  return bookingsWithParties(db, eq(bookings.seriesId, seriesId));
}

/** The bookings of a series (its rows only). */
export function seriesBookings(db: Db, seriesId: string) {
  return db.select().from(bookings).where(eq(bookings.seriesId, seriesId));
}

/** The bookings a user made as a client, with both parties, earliest first. */
export function bookingsMadeBy(db: Db, clientId: string) {
  return bookingsWithParties(db, eq(bookings.clientId, clientId));
}

/** A user's bookings as consultant or as client, with both parties, earliest first. */
export function bookingsOf(db: Db, userId: string, role: BookingParty) {
  const mine = role === "consultant" ? eq(bookings.consultantId, userId) : eq(bookings.clientId, userId);
  return bookingsWithParties(db, mine);
}

/** The Assistant with this id, unless suspended or deleted (404 otherwise). */
export async function assistantById(db: Db, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user || user.role !== "Assistant" || user.suspendedAt || user.deletedAt) throw notFound(MSG.consultantNotFound);
  return user;
}

/** Hours and number of a user's completed bookings, as client or as consultant. */
export async function completedHours(db: Db, userId: string): Promise<{ totalHours: number; bookingsCount: number }> {
  const [row] = await db
    .select({
      totalHours: sql<number>`coalesce(sum(${bookings.duration}), 0)::int`,
      bookingsCount: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.status, "COMPLETED"), sql`(${bookings.clientId} = ${userId} or ${bookings.consultantId} = ${userId})`));
  return { totalHours: row?.totalHours ?? 0, bookingsCount: row?.bookingsCount ?? 0 };
}

/** The start and end of the consultant's holding bookings not ended at `now`, earliest first. */
export function heldRangesFrom(db: Db, consultantId: string, now: Date) {
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.consultantId, consultantId), inArray(bookings.status, [...HOLDING]), gt(bookings.endsAt, now)))
    .orderBy(bookings.startsAt);
}

/** The consultant of a booking, whoever asks (undefined when there is no such booking). */
export async function consultantOfBooking(db: Db, id: string): Promise<string | undefined> {
  const [owner] = await db.select({ consultantId: bookings.consultantId }).from(bookings).where(eq(bookings.id, id));
  return owner?.consultantId;
}

/** Stores a new weekly series; answers its row. */
export async function storeSeries(tx: Db, values: typeof bookingSeries.$inferInsert) {
  const [series] = await tx.insert(bookingSeries).values(values).returning();
  return series!;
}

/** Stores new bookings (a single one, or the dates of a weekly series; the exclusion constraint refuses an overlap); answers their rows (in no set order). */
export function storeBookings(tx: Db, values: (typeof bookings.$inferInsert)[]): Promise<BookingRow[]> {
  return tx.insert(bookings).values(values).returning();
}

/** Confirms the bookings `ids`; answers their rows (in no set order). */
export function confirmBookings(tx: Db, ids: string[], now: Date): Promise<BookingRow[]> {
  return tx.update(bookings).set({ status: "CONFIRMED", updatedAt: now }).where(inArray(bookings.id, ids)).returning();
}

/** Cancels the bookings `ids` on behalf of `party`; answers their rows (in no set order). */
export function cancelBookings(tx: Db, ids: string[], party: BookingParty, now: Date): Promise<BookingRow[]> {
  return tx
    .update(bookings)
    .set({
      status: "CANCELLED",
      cancelReason: party === "client" ? "CLIENT" : "CONSULTANT",
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: now,
    })
    .where(inArray(bookings.id, ids))
    .returning();
}

/** Sets a booking's status as `party` asked (accept, decline, cancel or complete); answers its row. */
export async function setBookingStatus(
  tx: Db,
  id: string,
  status: (typeof TARGET_STATUSES)[number],
  party: BookingParty,
  now: Date,
): Promise<BookingRow> {
  const [updated] = await tx
    .update(bookings)
    .set({
      status,
      // A cancellation is a new revision of the calendar event (METHOD:CANCEL).
      sequence: status === "CANCELLED" ? sql`${bookings.sequence} + 1` : undefined,
      cancelReason: status === "CANCELLED" ? (party === "client" ? "CLIENT" : "CONSULTANT") : undefined,
      completedAt: status === "COMPLETED" ? now : undefined,
      updatedAt: now,
    })
    .where(eq(bookings.id, id))
    .returning();
  return updated!;
}

/** Moves a booking to [startsAt, endsAt) (the exclusion constraint refuses an overlap); answers its row. */
export async function moveBooking(tx: Db, id: string, startsAt: Date, endsAt: Date, now: Date): Promise<BookingRow> {
  const [updated] = await tx
    .update(bookings)
    .set({
      startsAt,
      endsAt,
      sequence: sql`${bookings.sequence} + 1`,
      // The new time gets its own reminder.
      reminderSentAt: null,
      updatedAt: now,
    })
    .where(eq(bookings.id, id))
    .returning();
  return updated!;
}
