import { FULL_DAY_START, SLOT_HOURS, SLOT_STARTS, manilaNow, manilaToday, shiftDate, startsInTime, type Booking } from "@vam/shared";
import { addHours, isWeekend } from "../bookings/public";
import type { SlotStart } from "../bookings/public";

/** The dashboard offers the next 14 days (spec) — weekdays only (docs/spec/decisions.md). */
export const RESCHEDULE_DAYS = 14;

/**
 * The weekdays among the 14 days from today (Manila) at `now`, as yyyy-MM-dd; today only while a
 * start a booking of `duration` hours may take (a full day: the morning) is still ahead.
 */
export function rescheduleDates(duration = SLOT_HOURS, now: Date | number = Date.now()): string[] {
  const today = manilaToday(now);
  const time = manilaNow(now);
  const todayOpen = SLOT_STARTS.some((start) => startsInTime(duration, start) && start > time);
  return Array.from({ length: RESCHEDULE_DAYS }, (_, index) => shiftDate(today, index)).filter(
    (day) => !isWeekend(day) && (day !== today || todayOpen),
  );
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
