import { tzOffset } from "@date-fns/tz";
import { TIME_ZONE } from "./constants.js";
import { formatTime } from "./format.js";
import { manilaInstant } from "./manila.js";

export { deviceTimeZone, isTimeZone } from "./time-zone-names.js";

/**
 * Both clocks (decisions.md, "Time zones"): bookings stay on Manila's slots, and every booking time
 * a person sees gives their own time beside Manila's when the two differ. `withYourTime` is the one
 * function that does it: the caller renders Manila's text as it always has (the spec's texts, word
 * for word, for someone in Manila) and gets " Manila · Mon, Nov 30, 5:00 PM your time" added when
 * the viewer's clock reads otherwise at that instant. The zone arithmetic is `tzOffset` (the time
 * zone database, through Intl), as in manila.ts; nothing here depends on the machine's own zone.
 */

/** The words after the viewer's own time. */
export const YOUR_TIME = "your time";

type Instant = Date | number | string;

const toTime = (instant: Instant): number =>
  instant instanceof Date ? instant.getTime() : typeof instant === "number" ? instant : Date.parse(instant);

/** Minutes `zone` is ahead of UTC at an instant. */
export const zoneOffset = (zone: string, instant: Instant): number => tzOffset(zone, new Date(toTime(instant)));

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant's wall clock in `zone`: its calendar date (yyyy-MM-dd) and time (HH:mm). */
export function zonedClock(instant: Instant, zone: string): { date: string; time: string } {
  const time = toTime(instant);
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const wall = new Date(time + zoneOffset(zone, time) * 60_000);
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** Whether a person in `zone` reads the same clock as Manila at that instant (Manila itself, Singapore, Perth...). */
export const readsAsManila = (instant: Instant, zone: string | null | undefined): boolean =>
  !zone || zone === TIME_ZONE || zoneOffset(zone, instant) === zoneOffset(TIME_ZONE, instant);

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mon, Nov 30" of a calendar date (yyyy-MM-dd). */
export function shortDay(date: string): string {
  const plain = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
  return `${WEEKDAYS[plain.getUTCDay()]}, ${MONTHS[plain.getUTCMonth()]} ${plain.getUTCDate()}`;
}

export interface YourTimeOptions {
  /** The end of a range ("5:00 PM to 9:00 PM your time"). */
  end?: Instant;
  /** Always name the local date, even where it is Manila's (a list of dates, an email). */
  withDate?: boolean;
}

/**
 * The viewer's own clock for a booking time: "5:00 PM your time", "Mon, Nov 30, 5:00 PM to 9:00 PM
 * your time" (the date when it is not Manila's date of the start, or when asked), or null where the
 * viewer reads Manila's clock then (no second clock to give).
 */
export function yourTime(start: Instant, zone: string | null | undefined, options: YourTimeOptions = {}): string | null {
  if (!zone || readsAsManila(start, zone)) return null;
  const local = zonedClock(start, zone);
  const manilaDay = zonedClock(start, TIME_ZONE).date;
  let text = formatTime(local.time);
  if (options.end !== undefined) {
    const end = zonedClock(options.end, zone);
    // An end on the next local day names its weekday ("10:00 PM to 2:00 AM Wed").
    text += ` to ${formatTime(end.time)}${end.date === local.date ? "" : ` ${shortDay(end.date).slice(0, 3)}`}`;
  }
  const day = options.withDate || local.date !== manilaDay ? `${shortDay(local.date)}, ` : "";
  return `${day}${text} ${YOUR_TIME}`;
}

/**
 * Both clocks, the one formatting of a booking time: Manila's text as the caller renders it, and,
 * where the viewer's clock differs, " Manila · " and their own ("Tuesday, December 1, 2026 at
 * 9:00 AM Manila · Mon, Nov 30, 5:00 PM your time"). For someone in Manila, `manilaText` alone.
 */
export function withYourTime(manilaText: string, start: Instant, zone: string | null | undefined, options: YourTimeOptions = {}): string {
  const local = yourTime(start, zone, options);
  return local ? `${manilaText} Manila · ${local}` : manilaText;
}

/**
 * A booking's hours on its Manila date in both clocks: "9:00 AM - 1:00 PM", then " Manila · Tue,
 * Nov 24, 5:00 PM to 9:00 PM your time" where the viewer's clock differs (`separator`: the page's
 * own dash between Manila's two times).
 */
export function hoursWithYourTime(
  booking: { date: string; startTime: string; endTime: string },
  zone: string | null | undefined,
  separator = " - ",
): string {
  const { date, startTime, endTime } = booking;
  return withYourTime(`${formatTime(startTime)}${separator}${formatTime(endTime)}`, manilaInstant(date, startTime), zone, {
    end: manilaInstant(date, endTime),
  });
}

/** The hours of a person's day (07:00 to 22:00 local): a slot inside them suits them. */
export const DAYTIME_START_HOUR = 7;
export const DAYTIME_END_HOUR = 22;

/** Whether a booking from `start` to `end` falls wholly within the viewer's daytime (7 AM to 10 PM their time, one day). */
export function inYourDaytime(start: Instant, end: Instant, zone: string | null | undefined): boolean {
  const zoneName = zone || TIME_ZONE;
  const from = zonedClock(start, zoneName);
  const to = zonedClock(toTime(end) - 1, zoneName);
  const hour = (time: string) => Number(time.slice(0, 2)) + Number(time.slice(3, 5)) / 60;
  return from.date === to.date && hour(from.time) >= DAYTIME_START_HOUR && hour(to.time) < DAYTIME_END_HOUR;
}

/**
 * The instants in [from, to) at which `zone`'s offset from UTC changes (daylight saving starting or
 * ending), each with the offsets before and after, in minutes. Found hour by hour, then to the minute.
 */
export function clockChanges(zone: string, from: Instant, to: Instant): { at: Date; before: number; after: number }[] {
  // In whole minutes: every offset the database holds has changed on a whole minute.
  const MINUTE = 60_000;
  const HOUR_MINUTES = 60;
  const offsetAt = (minute: number) => zoneOffset(zone, minute * MINUTE);
  const changes: { at: Date; before: number; after: number }[] = [];
  const end = Math.ceil(toTime(to) / MINUTE);
  let minute = Math.floor(toTime(from) / MINUTE);
  let offset = offsetAt(minute);
  while (minute < end) {
    const next = Math.min(minute + HOUR_MINUTES, end);
    const nextOffset = offsetAt(next);
    if (nextOffset !== offset) {
      // The change lies in (minute, next]: narrow it to the first minute of the new offset.
      let low = minute;
      let high = next;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: new Date(high * MINUTE), before: offset, after: nextOffset });
      offset = nextOffset;
    }
    minute = next;
  }
  return changes;
}
