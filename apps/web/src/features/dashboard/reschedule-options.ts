import { FULL_DAY_START, SLOT_HOURS, SLOT_STARTS, shiftDate, type Booking } from "@vam/shared";
import { addHours, isWeekend, manilaToday } from "../bookings/public";
import type { SlotStart } from "../bookings/public";

/** The dashboard offers the next 14 days (spec) — weekdays only (docs/spec/decisions.md). */
export const RESCHEDULE_DAYS = 14;

/** The weekdays among the 14 days from today (Manila), as yyyy-MM-dd. */
export function rescheduleDates(today = manilaToday()): string[] {
  return Array.from({ length: RESCHEDULE_DAYS }, (_, index) => shiftDate(today, index)).filter((day) => !isWeekend(day));
}

/** The slot starts a booking holds on its own day. */
export function ownStarts(booking: Pick<Booking, "date" | "startTime" | "duration">, date: string): SlotStart[] {
  if (date !== booking.date) return [];
  const end = addHours(booking.startTime, booking.duration);
  return SLOT_STARTS.filter((start) => start >= booking.startTime && start < end);
}

/**
 * The starts `booking` can move to on `date`, from the day's free slot starts. Its own slots
 * count as free (the server leaves the booking itself out when it moves it), so its own day offers
 * its current slot, as the bookings page's picker does. A 4-hour booking takes any free slot, a
 * full day only the morning and only if both slots are free.
 */
export function startsFor(booking: Pick<Booking, "date" | "startTime" | "duration">, date: string, free: readonly string[]): SlotStart[] {
  const open = new Set<string>([...free, ...ownStarts(booking, date)]);
  const starts = SLOT_STARTS.filter((start) => open.has(start));
  if (booking.duration <= SLOT_HOURS) return starts;
  return SLOT_STARTS.every((start) => open.has(start)) ? [FULL_DAY_START] : [];
}
