import { SLOT_HOURS, SLOT_STARTS, type Booking } from "@vam/shared";
import { api } from "../../api/client";
import { addHours, isWeekend, manilaToday, parseIsoDate, toIsoDate } from "../bookings/dates";
import type { SlotStart } from "../bookings/dates";

/** The dashboard offers the next 14 days (spec) — weekdays only (decisions.md). */
export const RESCHEDULE_DAYS = 14;

/** The weekdays among the 14 days from today (Manila), as yyyy-MM-dd. */
export function rescheduleDates(today = manilaToday()): string[] {
  const start = parseIsoDate(today);
  return Array.from({ length: RESCHEDULE_DAYS }, (_, index) => toIsoDate(new Date(start.getTime() + index * 86_400_000))).filter(
    (day) => !isWeekend(day),
  );
}

const isSlotStart = (time: string): time is SlotStart => (SLOT_STARTS as readonly string[]).includes(time);

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
  return SLOT_STARTS.every((start) => open.has(start)) ? [SLOT_STARTS[0]] : [];
}

/** `GET /bookings/available`: the free slot starts of a consultant's day (the booking's own slot counts as taken). */
export async function fetchFreeStarts(consultantId: string, date: string): Promise<SlotStart[]> {
  const params = new URLSearchParams({ date, consultantId });
  const list = await api.get<unknown>(`/bookings/available?${params.toString()}`);
  return Array.isArray(list) ? list.filter((time): time is SlotStart => typeof time === "string" && isSlotStart(time)) : [];
}
