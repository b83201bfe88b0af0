import { tz, tzOffset } from "@date-fns/tz";
import { addHours, eachDayOfInterval, endOfMonth, format, parseISO } from "date-fns";
import { BOOKING_HORIZON_MONTHS, SLOT_STARTS, TIME_ZONE } from "./constants.js";

/**
 * Manila time, the product's one clock (docs/spec/decisions.md, "Time"): dates ("yyyy-MM-dd") and
 * times ("HH:mm") in the API and on the pages are Manila wall-clock values. Every date and slot
 * calculation of the server, the pages, the scripts and the tests is here, on date-fns and
 * @date-fns/tz with the Asia/Manila time zone (TIME_ZONE), so that none depends on the time zone
 * of the machine it runs on.
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

/*
 * The functions a search or a booking check calls per request are plain arithmetic: a calendar
 * date's weekday and month lengths do not depend on a time zone, and an instant's Manila wall
 * clock is the instant moved by Manila's offset (tzOffset, from the time zone database). The
 * same answers as date-fns with the Manila context (manila.test.ts compares them over years of
 * days), 20 to 100 times faster: the TZDate those build cost 10 to 70 µs a call (decision 0018).
 */
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A calendar date moved by `days` as a plain Date whose UTC fields are the day (months: the last day of the month that many after). */
function plainDay(date: string, days: number, endOfMonthAfter?: number): Date {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  const day = Number(date.slice(8, 10));
  const plain = new Date(0);
  if (endOfMonthAfter === undefined) plain.setUTCFullYear(year, month, day + days);
  else plain.setUTCFullYear(year, month + endOfMonthAfter + 1, 0);
  return plain;
}

/** yyyy-MM-dd of a plain day's UTC fields; a RangeError for an invalid one, as date-fns' format. */
function dayText(plain: Date): string {
  if (Number.isNaN(plain.getTime())) throw new RangeError("Invalid time value");
  return `${pad(plain.getUTCFullYear(), 4)}-${pad(plain.getUTCMonth() + 1)}-${pad(plain.getUTCDate())}`;
}

/** Manila's wall clock at an instant, as a Date whose UTC fields read it; a RangeError for an invalid instant. */
const wallClock = (instant: Date | number) => {
  const time = typeof instant === "number" ? instant : instant.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  return new Date(time + offsetAt(time) * 60_000);
};

/** Minutes of offset remembered: a day and a half of distinct minutes; then it starts again. */
const OFFSETS_KEPT = 2048;
const offsets = new Map<number, number>();

/**
 * Manila's offset from UTC in minutes at an instant (`tzOffset`, the time zone database),
 * remembered per minute: Manila's offset has only ever changed on a whole minute, and asking
 * `Intl` costs 1 to 2 µs a call ("available on" asks for every search).
 */
function offsetAt(time: number): number {
  const minute = Math.floor(time / 60_000);
  let offset = offsets.get(minute);
  if (offset === undefined) {
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offset = tzOffset(TIME_ZONE, new Date(time));
    offsets.set(minute, offset);
  }
  return offset;
}

/** 0 (Sunday) to 6 (Saturday): the weekday of a calendar date. */
const weekdayOf = (date: string) => plainDay(date, 0).getUTCDay();

/** The instant of a Manila date and time ("2026-11-23", "09:00"). */
export function manilaInstant(date: string, time: string): Date {
  const plain = plainDay(date, 0);
  const wall = plain.setUTCHours(Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  // The offset in force at the instant itself (the same twice, where the zone does not change it).
  const guess = wall - offsetAt(wall) * 60_000;
  return new Date(wall - offsetAt(guess) * 60_000);
}

/** The Manila calendar day of an instant (yyyy-MM-dd). */
export const manilaDate = (instant: Date | number): string => dayText(wallClock(instant));

/** The Manila wall-clock time of an instant (HH:mm). */
export const manilaTime = (instant: Date | number): string => {
  const wall = wallClock(instant);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
};

/** Today in Manila (yyyy-MM-dd). */
export const manilaToday = (now: Date | number = Date.now()): string => manilaDate(now);

/** The time now in Manila (HH:mm). */
export const manilaNow = (now: Date | number = Date.now()): string => manilaTime(now);

/** Saturday or Sunday (no bookings on weekends). */
export const isWeekend = (date: string): boolean => {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
};

/** The calendar day `days` after `date` (before, when negative). */
export const shiftDate = (date: string, days: number): string => dayText(plainDay(date, days));

/** The Monday of the week of a calendar date (weeks start on Monday). */
export const mondayOf = (date: string): string => shiftDate(date, -((weekdayOf(date) + 6) % 7));

/** The first Saturday after `date`. */
export const nextSaturday = (date: string): string => shiftDate(date, 7 - ((weekdayOf(date) + 1) % 7));

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
  return eachDayOfInterval({ start: first, end: endOfMonth(first) }, { in: manila }).map((day) => manilaDate(day));
}

/** "13:00" from "09:00" plus 4 hours (wrapping at midnight): the end of a slot or booking. */
export const addHoursToTime = (time: string, hours: number): string =>
  format(addHours(parseISO(`2000-01-01T${time}`, { in: manila }), hours), TIME, { in: manila });

/**
 * The last day one may book or move a booking to, seen from `today`: the end of the month
 * BOOKING_HORIZON_MONTHS - 1 months ahead (12 months counting the current one).
 */
export const bookingHorizonEnd = (today: string): string => dayText(plainDay(today, 0, BOOKING_HORIZON_MONTHS - 1));

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
