import { SLOT_HOURS, SLOT_STARTS } from "@vam/shared";
import { api } from "../../api/client";
import { isWeekend, manilaToday, parseIsoDate, toIsoDate } from "../bookings/dates";
import type { SlotStart } from "../bookings/dates";

/** The dashboard offers the next 14 days (spec) — weekdays only (decisions.md). */
export const RESCHEDULE_DAYS = 14;

/** The weekdays among the 14 days from today (Manila), as yyyy-MM-dd. */
export function rescheduleDates(today = manilaToday()): string[] {
  const start = parseIsoDate(today);
  return Array.from({ length: RESCHEDULE_DAYS }, (_, index) =>
    toIsoDate(new Date(start.getTime() + index * 86_400_000)),
  ).filter((day) => !isWeekend(day));
}

const isSlotStart = (time: string): time is SlotStart => (SLOT_STARTS as readonly string[]).includes(time);

/**
 * The starts a booking of `duration` hours can move to, from the free slot starts of the day:
 * a 4-hour booking takes any free slot, a full day only the morning and only if both slots are free.
 */
export function startsFor(duration: number, free: readonly string[]): SlotStart[] {
  const starts = SLOT_STARTS.filter((start) => free.includes(start));
  if (duration <= SLOT_HOURS) return starts;
  return SLOT_STARTS.every((start) => free.includes(start)) ? [SLOT_STARTS[0]] : [];
}

/** `GET /bookings/available`: the free slot starts of a consultant's day (the booking's own slot counts as taken). */
export async function fetchFreeStarts(consultantId: string, date: string): Promise<SlotStart[]> {
  const params = new URLSearchParams({ date, consultantId });
  const list = await api.get<unknown>(`/bookings/available?${params.toString()}`);
  return Array.isArray(list) ? list.filter((time): time is SlotStart => typeof time === "string" && isSlotStart(time)) : [];
}
