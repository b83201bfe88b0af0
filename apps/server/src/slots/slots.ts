import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import {
  HOUR_MS,
  manilaDate,
  manilaInstant,
  manilaTime,
  MSG,
  SLOT_HOURS,
  SLOT_REFUSAL_MSG,
  SLOT_STARTS,
  heldRefusal,
  heldSpan,
  startRefusal,
  startsInTime,
  type BookedSlot,
} from "@vam/shared";
import type { Db } from "../db/client.js";
import { bookings, users } from "../db/schema.js";
import { badRequest, conflict, notFound, rethrowViolation } from "../http/errors.js";

/** Bookings that hold their time: the same statuses as the database's exclusion constraint. */
export const HOLDING = ["PENDING", "CONFIRMED"] as const;

/** The slots a booking holds: an 8-hour booking from 09:00 holds both. */
export function slotsHeld(startsAt: Date, endsAt: Date): BookedSlot[] {
  const held: BookedSlot[] = [];
  for (let at = startsAt.getTime(); at < endsAt.getTime(); at += SLOT_HOURS * HOUR_MS) {
    const instant = new Date(at);
    held.push({ date: manilaDate(instant), time: manilaTime(instant) });
  }
  return held;
}

/** Holding bookings of a consultant overlapping [from, to). */
export function holdingBookings(db: Db, consultantId: string, from: Date, to: Date) {
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(eq(bookings.consultantId, consultantId), inArray(bookings.status, [...HOLDING]), lt(bookings.startsAt, to), gt(bookings.endsAt, from)),
    );
}

/** The slot starts of a weekday still free and in the future: no booking holds them (the shared rule's `heldRefusal`). */
export async function freeSlots(db: Db, consultantId: string, date: string, now: Date): Promise<string[]> {
  const dayStart = manilaInstant(date, "00:00");
  const dayEnd = new Date(dayStart.getTime() + 24 * HOUR_MS);
  const ranges = (await holdingBookings(db, consultantId, dayStart, dayEnd)).flatMap((b) => [b.startsAt.getTime(), b.endsAt.getTime()]);
  return SLOT_STARTS.filter(
    (time) => manilaInstant(date, time) > now && heldRefusal(heldSpan({ date, time, duration: SLOT_HOURS }), { ranges }) === null,
  );
}

/**
 * Serialises the booking writes of one consultant until the transaction ends. The exclusion
 * constraint alone already forbids overlaps, but concurrent inserts of overlapping 4- and
 * 8-hour ranges wait on each other and can deadlock; queueing them first avoids that.
 */
export async function lockConsultant(tx: Db, consultantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${consultantId}, 0))`);
}

/**
 * `lockConsultant` for a new booking: once the lock is held, the consultant must still be
 * bookable (an account deletion takes the same lock, so no booking slips in while it runs).
 */
export async function lockBookableConsultant(tx: Db, consultantId: string) {
  await lockConsultant(tx, consultantId);
  const [row] = await tx.select({ deletedAt: users.deletedAt, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, consultantId));
  if (!row || row.deletedAt || row.suspendedAt) throw notFound(MSG.consultantNotFound);
}

/**
 * The start of a slot one may book or move a booking to at `now`: a real weekday, not past,
 * within the 12-month horizon. Answers its instant; anything else is a 400 naming `date`.
 */
export function assertBookableStart(date: string, startTime: string, now: Date): Date {
  const refusal = startRefusal(date, startTime, now);
  if (refusal) throw badRequest(SLOT_REFUSAL_MSG[refusal], "date");
  return manilaInstant(date, startTime);
}

/**
 * When a booking of `duration` hours from `startsAt` (slot `startTime`) ends; a full day starts
 * in the morning (the shared rule), else a 400 naming `startTime`. Creation and rescheduling both.
 */
export function bookingEnd(startsAt: Date, startTime: string, duration: number): Date {
  if (!startsInTime(duration, startTime)) throw badRequest(SLOT_REFUSAL_MSG.fullDayFromAfternoon, "startTime");
  return new Date(startsAt.getTime() + duration * HOUR_MS);
}

/** The exclusion constraint refused an overlap: the slot was taken meanwhile. */
export const rethrowSlotTaken = rethrowViolation({ kind: "exclusion", answer: () => conflict(SLOT_REFUSAL_MSG.taken) });

/** Serialises the booking creations of one client, so that the unpaid cap holds under concurrent requests. */
export async function lockClient(tx: Db, clientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`client:${clientId}`}, 0))`);
}
