import { SLOT_HOURS, SLOT_STARTS, SERIES_WEEKS_MAX, SERIES_WEEKS_MIN } from "./constants.js";
import { addHoursToTime, shiftDate, type SlotStart } from "./manila.js";

/** The dates of a weekly series: `first`, then the same weekday for `weeks` weeks in all. */
export const seriesDates = (first: string, weeks: number): string[] => Array.from({ length: weeks }, (_, week) => shiftDate(first, 7 * week));

export const isSeriesLength = (weeks: number) => Number.isInteger(weeks) && weeks >= SERIES_WEEKS_MIN && weeks <= SERIES_WEEKS_MAX;

/** The slot starts a booking of `duration` hours from `startTime` holds: a full day holds both. */
export const slotsOf = (startTime: string, duration: number): SlotStart[] =>
  SLOT_STARTS.filter((slot) => slot >= startTime && slot < addHoursToTime(startTime, Math.max(duration, SLOT_HOURS)));

/** A block of an Assistant's time off: every weekday from `from` to `to`, or one slot of one day. */
export interface TimeOffSpan {
  from: string;
  to: string;
  /** Null: the whole day. */
  slot: string | null;
}

/** Whether a block of time off covers the slot starting at `time` on `date`. */
export const coversSlot = (block: TimeOffSpan, date: string, time: string) =>
  block.from <= date && date <= block.to && (block.slot === null || block.slot === time);
