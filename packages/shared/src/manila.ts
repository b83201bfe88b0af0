import { tz } from "@date-fns/tz";
import {
  addDays,
  addHours,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  format,
  isWeekend as fallsOnWeekend,
  nextSaturday as saturdayAfter,
  parseISO,
  startOfWeek,
} from "date-fns";
import { BOOKING_HORIZON_MONTHS, SLOT_STARTS, TIME_ZONE } from "./constants.js";

/**
 * Manila time, the product's one clock (docs/spec/decisions.md, "Time"): dates ("yyyy-MM-dd") and
 * times ("HH:mm") in the API and on the pages are Manila wall-clock values. Every date and slot
 * calculation of the server, the pages, the scripts and the tests is here, on date-fns with the
 * Asia/Manila time zone (TIME_ZONE), so that none depends on the time zone of the machine it runs on.
 */
const manila = /* @__PURE__ */ tz(TIME_ZONE);
/** Plain calendar dates as JavaScript Dates (the pages' calendar grid): midnight UTC of the day. */
const utc = /* @__PURE__ */ tz("UTC");
const DAY = "yyyy-MM-dd";
const TIME = "HH:mm";

export type SlotStart = (typeof SLOT_STARTS)[number];

/**
 * The two slots of a weekday and their names ("Morning call meeting", the pages' "Morning (9:00 AM
 * to 1:00 PM)"). Here rather than in constants.ts: only the booking pages load them.
 */
export const SLOTS: readonly { start: SlotStart; label: string }[] = [
  { start: SLOT_STARTS[0], label: "Morning" },
  { start: SLOT_STARTS[1], label: "Afternoon" },
];

/** The spec's name of a call by its start: "Morning call meeting" (09:00), "Afternoon..." (13:00). */
export function callKind(startTime: string): string {
  const slot = SLOTS.find(({ start }) => start === startTime);
  return slot ? `${slot.label} call meeting` : "30min call meeting";
}

/** The midnight that starts a Manila calendar day. */
const startOf = (date: string) => parseISO(date, { in: manila });
const dayOf = (instant: Date | number) => format(instant, DAY, { in: manila });

/** The instant of a Manila date and time ("2026-11-23", "09:00"). */
export const manilaInstant = (date: string, time: string): Date => new Date(parseISO(`${date}T${time}`, { in: manila }).getTime());

/** The Manila calendar day of an instant (yyyy-MM-dd). */
export const manilaDate = (instant: Date | number): string => dayOf(instant);

/** The Manila wall-clock time of an instant (HH:mm). */
export const manilaTime = (instant: Date | number): string => format(instant, TIME, { in: manila });

/** Today in Manila (yyyy-MM-dd). */
export const manilaToday = (now: Date | number = Date.now()): string => manilaDate(now);

/** The time now in Manila (HH:mm). */
export const manilaNow = (now: Date | number = Date.now()): string => manilaTime(now);

/** Saturday or Sunday (no bookings on weekends). */
export const isWeekend = (date: string): boolean => fallsOnWeekend(startOf(date));

/** The calendar day `days` after `date` (before, when negative). */
export const shiftDate = (date: string, days: number): string => dayOf(addDays(startOf(date), days));

/** The Monday of the week of a calendar date (weeks start on Monday). */
export const mondayOf = (date: string): string => dayOf(startOfWeek(startOf(date), { weekStartsOn: 1 }));

/** The first Saturday after `date`. */
export const nextSaturday = (date: string): string => dayOf(saturdayAfter(startOf(date)));

/** The `n`-th weekday after `from` (n = 1: the next one). */
export function weekdayAfter(from: string, n: number): string {
  let date = from;
  for (let found = 0; found < n;) {
    date = shiftDate(date, 1);
    if (!isWeekend(date)) found += 1;
  }
  return date;
}

/** The `n`-th weekday after today in Manila (n = 1: the next one). */
export const weekdayAhead = (n: number, now: Date | number = Date.now()): string => weekdayAfter(manilaToday(now), n);

/** The first day of a month (0-based `month`) in Manila. */
const monthStart = (year: number, month: number) => startOf(`${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-01`);

/** Every day (yyyy-MM-dd) of a month (0-based `month`). */
export function daysOfMonth(year: number, month: number): string[] {
  const first = monthStart(year, month);
  return eachDayOfInterval({ start: first, end: endOfMonth(first) }, { in: manila }).map(dayOf);
}

/** "13:00" from "09:00" plus 4 hours (wrapping at midnight): the end of a slot or booking. */
export const addHoursToTime = (time: string, hours: number): string =>
  format(addHours(parseISO(`2000-01-01T${time}`, { in: manila }), hours), TIME, { in: manila });

/**
 * The last day one may book or move a booking to, seen from `today`: the end of the month
 * BOOKING_HORIZON_MONTHS - 1 months ahead (12 months counting the current one).
 */
export const bookingHorizonEnd = (today: string): string => dayOf(endOfMonth(addMonths(startOf(today), BOOKING_HORIZON_MONTHS - 1)));

/** A yyyy-MM-dd date as the Date of its midnight UTC (a plain date, for calendar grids). */
export const parseIsoDate = (date: string): Date => new Date(parseISO(date, { in: utc }).getTime());

/** The yyyy-MM-dd of a plain date made by `parseIsoDate` (its UTC fields). */
export const toIsoDate = (date: Date): string => format(date, DAY, { in: utc });

/** "Monday, November 23, 2026" from "2026-11-23". */
export const formatLongDate = (date: string): string => format(startOf(date), "EEEE, MMMM d, yyyy", { in: manila });

/** "Mon, Nov 23" from "2026-11-23". */
/** "Monday": the weekday of a date (a weekly series' day). */
export const formatWeekday = (date: string): string => format(startOf(date), "EEEE", { in: manila });

export const formatShortDate = (date: string): string => format(startOf(date), "EEE, MMM d", { in: manila });

/** "November 2026" for a month (year, 0-based month). */
export const formatMonth = (year: number, month: number): string => format(monthStart(year, month), "MMMM yyyy", { in: manila });
