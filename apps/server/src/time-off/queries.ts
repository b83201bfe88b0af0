import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import {
  HOUR_MS,
  SLOT_REFUSAL_MSG,
  SLOT_STARTS,
  coversSlot,
  heldRefusal,
  heldSpan,
  isWeekend,
  manilaDate,
  manilaInstant,
  manilaTime,
  shiftDate,
  type BookedHoliday,
  type BookedSlot,
  type ConflictingBooking,
  type SlotHolds,
  type TimeOffSpan,
} from "@vam/shared";
import type { Db } from "../db/client.js";
import { bookings, timeOff, users } from "../db/schema.js";
import { HOLDING, slotsHeld } from "../slots/public.js";
import { conflict } from "../http/errors.js";
import { isRegularHoliday, regularHolidays, type Holiday } from "./holidays.js";

export type TimeOffRow = typeof timeOff.$inferSelect;

/** Who is off: the Assistant's id, their holiday switch and the holidays they kept as working days. */
export interface OffOwner {
  id: string;
  holidaysOff: boolean;
  holidaysKept: readonly string[];
}

const slotKey = (date: string, time: string) => `${date} ${time}`;

/** An Assistant's blocks that reach into `from`..`to` (Manila dates), earliest first. */
export function blocksBetween(db: Db, assistantId: string, from: string, to: string) {
  return db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.assistantId, assistantId), lte(timeOff.startsOn, to), gte(timeOff.endsOn, from)))
    .orderBy(asc(timeOff.startsOn), asc(timeOff.slot));
}

/** The weekday slots a block covers, within `from`..`to` (its own dates unless said). */
export function weekdaySlotsOf(block: TimeOffSpan, from = block.from, to = block.to): { date: string; time: string }[] {
  const slots: { date: string; time: string }[] = [];
  for (let date = block.from < from ? from : block.from; date <= block.to && date <= to; date = shiftDate(date, 1)) {
    if (isWeekend(date)) continue;
    for (const time of SLOT_STARTS) if (coversSlot(block, date, time)) slots.push({ date, time });
  }
  return slots;
}

/**
 * The weekday slots from `from` to `to` that the Assistant has taken off: their blocks, and the
 * regular holidays when their switch is on, but those kept as working days. Every slot of a date, for the whole-day kinds.
 */
export async function offSlots(db: Db, owner: OffOwner, from: string, to: string): Promise<BookedSlot[]> {
  return offSlotsOf(owner, await blocksBetween(db, owner.id, from, to), from, to);
}

/** `offSlots` from the rows of the blocks (pure: what the date picker is sent). */
export function offSlotsOf(
  owner: Pick<OffOwner, "holidaysOff" | "holidaysKept">,
  rows: readonly Pick<TimeOffRow, "startsOn" | "endsOn" | "slot">[],
  from: string,
  to: string,
): BookedSlot[] {
  const blocks = rows.map((row) => ({ from: row.startsOn, to: row.endsOn, slot: row.slot }));
  if (owner.holidaysOff) for (const { date } of offHolidays(owner, from, to)) blocks.push({ from: date, to: date, slot: null });
  const off: BookedSlot[] = [];
  const seen = new Set<string>();
  for (const block of blocks) {
    for (const { date, time } of weekdaySlotsOf(block, from, to)) {
      if (seen.has(slotKey(date, time))) continue;
      seen.add(slotKey(date, time));
      off.push({ date, time, off: true });
    }
  }
  return off.sort((a, b) => slotKey(a.date, a.time).localeCompare(slotKey(b.date, b.time)));
}

/** The regular holidays from `from` to `to` that the switch takes off: all of them but the kept ones. */
export const offHolidays = (owner: Pick<OffOwner, "holidaysKept">, from: string, to: string) =>
  regularHolidays(from, to).filter((holiday) => !owner.holidaysKept.includes(holiday.date));

/** The Assistant's time off as the shared rule takes it (`SlotHolds`): their blocks' rows and their holiday switch. */
export const offHoldsOf = (
  owner: Pick<OffOwner, "holidaysOff" | "holidaysKept">,
  rows: readonly Pick<TimeOffRow, "startsOn" | "endsOn" | "slot">[],
): { blocks: TimeOffSpan[]; holidaysOff: boolean; holidaysKept: readonly string[] } => ({
  blocks: rows.map((row) => ({ from: row.startsOn, to: row.endsOn, slot: row.slot })),
  holidaysOff: owner.holidaysOff,
  holidaysKept: owner.holidaysKept,
});

/**
 * What `holds` refuse of a booking of [startsAt, endsAt) on a weekday: the shared rule's
 * `heldRefusal`, told whether the date is a regular holiday. Time off before bookings.
 */
export function heldRefusalOf(holds: SlotHolds, startsAt: Date, endsAt: Date): "timeOff" | "taken" | null {
  const date = manilaDate(startsAt);
  const duration = (endsAt.getTime() - startsAt.getTime()) / HOUR_MS;
  return heldRefusal(heldSpan({ date, time: manilaTime(startsAt), duration, holiday: isRegularHoliday(date) }), holds);
}

/** The Assistant's time off from `from` to `to`, to test the slots of one booking after another. */
export async function offSlotSet(db: Db, owner: OffOwner, from: string, to: string) {
  const holds = offHoldsOf(owner, await blocksBetween(db, owner.id, from, to));
  return {
    /** Whether any slot that [startsAt, endsAt) holds is off. */
    blocks: (startsAt: Date, endsAt: Date) => heldRefusalOf(holds, startsAt, endsAt) === "timeOff",
  };
}

/** The Assistant's holiday switch, kept holidays and id, read in the transaction that relies on them. */
export async function offOwner(db: Db, assistantId: string): Promise<OffOwner> {
  const [row] = await db
    .select({ id: users.id, holidaysOff: users.holidaysOff, holidaysKept: users.holidaysKept })
    .from(users)
    .where(eq(users.id, assistantId));
  return row ?? { id: assistantId, holidaysOff: false, holidaysKept: [] };
}

/** Sets the Assistant's holiday switch and the holidays it keeps as working days. */
export async function setHolidaysSwitch(db: Db, assistantId: string, on: boolean, kept: readonly string[], now: Date) {
  await db
    .update(users)
    .set({ holidaysOff: on, holidaysKept: on ? [...kept] : [], updatedAt: now })
    .where(eq(users.id, assistantId));
}

/** Each of `holidays` with the consultant's pending or confirmed bookings on it (earliest first); `onlyBooked` drops the free ones. */
export async function holidaysWithBookings(
  db: Db,
  consultantId: string,
  holidays: readonly Holiday[],
  onlyBooked: boolean,
): Promise<BookedHoliday[]> {
  const held = await bookingsHolding(
    db,
    consultantId,
    holidays.flatMap(({ date }) => weekdaySlotsOf({ from: date, to: date, slot: null })),
  );
  return holidays
    .map(({ date, name }) => ({ date, name, bookings: held.filter((booking) => booking.date === date) }))
    .filter((holiday) => !onlyBooked || holiday.bookings.length > 0);
}

/** The PENDING or CONFIRMED bookings of the consultant that hold any of `slots`, as the consultant lists them. */
export async function bookingsHolding(db: Db, consultantId: string, slots: readonly { date: string; time: string }[]): Promise<ConflictingBooking[]> {
  if (slots.length === 0) return [];
  const dates = slots.map((slot) => slot.date).sort();
  const from = manilaInstant(dates[0]!, "00:00");
  const to = manilaInstant(shiftDate(dates[dates.length - 1]!, 1), "00:00");
  const wanted = new Set(slots.map((slot) => slotKey(slot.date, slot.time)));
  const rows = await db
    .select({ booking: bookings, firstName: users.firstName, lastName: users.lastName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(
      and(eq(bookings.consultantId, consultantId), inArray(bookings.status, [...HOLDING]), lte(bookings.startsAt, to), gte(bookings.endsAt, from)),
    )
    .orderBy(asc(bookings.startsAt));
  return rows
    .filter(({ booking }) => slotsHeld(booking.startsAt, booking.endsAt).some((slot) => wanted.has(slotKey(slot.date, slot.time))))
    .map(({ booking, firstName, lastName }) => ({
      id: booking.id,
      date: manilaDate(booking.startsAt),
      startTime: manilaTime(booking.startsAt),
      endTime: manilaTime(booking.endsAt),
      clientName: `${firstName} ${lastName}`.trim(),
    }));
}

/**
 * Refuses (409) a booking of [startsAt, endsAt) that would hold a slot the consultant took off.
 * Called under the consultant's booking lock, which time off takes too.
 */
export async function assertNotOff(db: Db, consultantId: string, startsAt: Date, endsAt: Date) {
  const off = await offSlotSet(db, await offOwner(db, consultantId), manilaDate(startsAt), manilaDate(endsAt));
  if (off.blocks(startsAt, endsAt)) throw conflict(SLOT_REFUSAL_MSG.timeOff);
}

/** An Assistant's blocks that end today or later, by start and slot. */
export function blocksFrom(db: Db, assistantId: string, today: string) {
  return db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.assistantId, assistantId), gte(timeOff.endsOn, today)))
    .orderBy(timeOff.startsOn, timeOff.slot);
}

/** Stores a new block of an Assistant's time off; answers its row. */
export async function addBlock(db: Db, values: typeof timeOff.$inferInsert): Promise<TimeOffRow> {
  const [row] = await db.insert(timeOff).values(values).returning();
  return row!;
}

/** Removes one of the Assistant's blocks; answers whether there was one. */
export async function removeBlock(db: Db, id: string, assistantId: string): Promise<boolean> {
  const removed = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.assistantId, assistantId)))
    .returning({ id: timeOff.id });
  return removed.length > 0;
}
