import { HOUR_MS } from "./constants.js";
import { bookingHorizonEnd, isWeekend, manilaDate, manilaInstant } from "./manila.js";
import { MSG } from "./messages.js";
import { isCalendarDate, startsInTime } from "./schemas/bookings.js";
import { coversSlot, slotsOf, type TimeOffSpan } from "./series.js";
import type { BookedSlot } from "./types.js";

/**
 * Why a slot cannot be booked, in the order the server checks: the date, then the start, then the
 * Assistant's held time (time off before bookings).
 */
export type SlotRefusal = "dateInvalid" | "weekend" | "past" | "beyondHorizon" | "fullDayFromAfternoon" | "timeOff" | "taken";

/** A booking asked for: `duration` hours from Manila's `time` on `date`, judged at `now`. */
export interface SlotAsk {
  date: string;
  time: string;
  /** Hours: a slot (4) or a full day (8). */
  duration: number;
  now: Date;
  /** Whether `date` is one of the Philippines' regular holidays (the server's calendar, time-off/holidays.ts). */
  holiday?: boolean;
}

/**
 * What an Assistant holds, in whichever form the caller has it: the server's rows and the search
 * index's listings give `ranges`, `blocks` and the holiday switch; the picker gets `slots`, time off
 * already resolved into slots marked `off`.
 */
export interface SlotHolds {
  /** Pending and confirmed bookings: [start, end) instants in ms, in pairs. */
  readonly ranges?: readonly number[];
  /** Held slots: booked, or taken off (`off`). */
  readonly slots?: readonly BookedSlot[];
  /** Blocks of time off. */
  readonly blocks?: readonly TimeOffSpan[];
  /** The regular holidays are time off (but `holidaysKept`). */
  readonly holidaysOff?: boolean;
  /** Holidays (Manila dates) kept as working days while `holidaysOff`. */
  readonly holidaysKept?: readonly string[];
}

/** The texts each refusal answers with (the server's 400 and 409 messages). */
export const SLOT_REFUSAL_MSG: Record<SlotRefusal, string> = {
  dateInvalid: MSG.bookingDateInvalid,
  weekend: MSG.bookingWeekend,
  past: MSG.bookingPast,
  beyondHorizon: MSG.bookingBeyondHorizon,
  fullDayFromAfternoon: MSG.bookingFullDayFromMorning,
  timeOff: MSG.bookingTimeOff,
  taken: MSG.bookingSlotTaken,
};

/** The refusals of a start alone, whatever its length and whoever is booked: a real weekday, not past, within the horizon. */
export function startRefusal(date: string, time: string, now: Date): "dateInvalid" | "weekend" | "past" | "beyondHorizon" | null {
  if (!isCalendarDate(date)) return "dateInvalid";
  if (isWeekend(date)) return "weekend";
  if (manilaInstant(date, time) <= now) return "past";
  if (date > bookingHorizonEnd(manilaDate(now))) return "beyondHorizon";
  return null;
}

/** An ask made ready for `heldRefusal`: the slot starts it holds and its instants, computed once. */
export interface HeldSpan {
  date: string;
  times: readonly string[];
  start: number;
  end: number;
  holiday: boolean;
}

/** `slotsOf` by start and length: it formats times in Manila's zone, too slow to repeat per listing or per day of a calendar. */
const heldTimes = new Map<string, readonly string[]>();
function timesOf(time: string, duration: number): readonly string[] {
  const key = `${time} ${duration}`;
  let times = heldTimes.get(key);
  if (!times) heldTimes.set(key, (times = slotsOf(time, duration)));
  return times;
}

/** The span `heldRefusal` judges, for an ask on a real date (see `startRefusal`). */
export function heldSpan({ date, time, duration, holiday = false }: Omit<SlotAsk, "now">): HeldSpan {
  const start = manilaInstant(date, time).getTime();
  return { date, times: timesOf(time, duration), start, end: start + duration * HOUR_MS, holiday };
}

/** Whether any of the [start, end) pairs in `ranges` overlaps [start, end). */
function overlapsAny(ranges: readonly number[], start: number, end: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (ranges[i]! < end && ranges[i + 1]! > start) return true;
  return false;
}

/**
 * The refusal the Assistant's held time makes: a slot of the span taken off (a block, a regular
 * holiday with the switch on and not kept, a slot marked `off`), else held by a booking.
 */
export function heldRefusal(span: HeldSpan, held: SlotHolds): "timeOff" | "taken" | null {
  // Loops, not callbacks: the search asks this of every listing it reads.
  const { date, times } = span;
  const { blocks, slots, ranges } = held;
  if (span.holiday && held.holidaysOff && !held.holidaysKept?.includes(date)) return "timeOff";
  if (blocks) for (const block of blocks) for (const time of times) if (coversSlot(block, date, time)) return "timeOff";
  let taken = false;
  if (slots)
    for (const slot of slots)
      if (slot.date === date && times.includes(slot.time)) {
        if (slot.off) return "timeOff";
        taken = true;
      }
  if (taken || (ranges && overlapsAny(ranges, span.start, span.end))) return "taken";
  return null;
}

/**
 * Every reason the slot cannot be booked, in the order of `SlotRefusal` (none when it is free).
 * An invalid date is the only reason then. The picker needs them all: it forgives some for the
 * rescheduled booking's own start.
 */
export function slotRefusals(ask: SlotAsk, held: SlotHolds = {}): SlotRefusal[] {
  const { date, time, duration, now } = ask;
  if (!isCalendarDate(date)) return ["dateInvalid"];
  const reasons: SlotRefusal[] = [];
  if (isWeekend(date)) reasons.push("weekend");
  if (manilaInstant(date, time) <= now) reasons.push("past");
  if (date > bookingHorizonEnd(manilaDate(now))) reasons.push("beyondHorizon");
  if (!startsInTime(duration, time)) reasons.push("fullDayFromAfternoon");
  const span = heldSpan(ask);
  const off = heldRefusal(span, { ...held, ranges: undefined, slots: held.slots?.filter((slot) => slot.off) });
  if (off) reasons.push(off);
  const taken = heldRefusal({ ...span, holiday: false }, { ranges: held.ranges, slots: held.slots?.filter((slot) => !slot.off) });
  if (taken) reasons.push(taken);
  return reasons;
}

/**
 * Why `duration` hours from `time` on `date` cannot be booked at `now` given what the Assistant
 * holds, or null when it can. One rule for the server's booking and rescheduling, search's
 * "available on" and the web's date picker.
 */
export function slotRefusal(ask: SlotAsk, held: SlotHolds = {}): SlotRefusal | null {
  return (
    startRefusal(ask.date, ask.time, ask.now) ??
    (startsInTime(ask.duration, ask.time) ? null : "fullDayFromAfternoon") ??
    heldRefusal(heldSpan(ask), held)
  );
}
