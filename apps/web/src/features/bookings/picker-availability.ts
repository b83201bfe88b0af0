import { bookingHorizonEnd, startsInTime, type BookedSlot } from "@vam/shared";
import { SLOTS, addHours, isWeekend } from "./dates";

export interface DateTime {
  date: string;
  time: string;
}

export interface PickerAvailabilityInput {
  /** The consultant's held slots. */
  booked: readonly BookedSlot[];
  /** When rescheduling: the booking's own start, whose slots count as free. */
  current?: DateTime;
  /** Hours to book: a full day (8) starts in the morning and needs both slots free. */
  duration: number;
  /** Manila's date and time now (yyyy-MM-dd, HH:mm). */
  today: string;
  now: string;
}

/**
 * What the date and time picker offers (pure, tested in apps/web/test/picker-availability.test.ts):
 * a start is unavailable when it has passed, when any slot the booking would hold is taken
 * (the rescheduled booking's own slots are free), or, for a full day, when it is not the morning;
 * a day is disabled when it is past, beyond the booking horizon, a weekend, or has no start left.
 */
export function pickerAvailability({ booked, current, duration, today, now }: PickerAvailabilityInput) {
  const ownEnd = current ? addHours(current.time, duration) : null;
  const takenByDate = new Map<string, Set<string>>();
  for (const slot of booked) {
    if (current && ownEnd && slot.date === current.date && slot.time >= current.time && slot.time < ownEnd) continue;
    const set = takenByDate.get(slot.date) ?? new Set<string>();
    set.add(slot.time);
    takenByDate.set(slot.date, set);
  }

  const slotPassed = (day: string, start: string) => day < today || (day === today && start <= now);
  const isCurrent = (day: string, start: string) => current?.date === day && current.time === start;
  const isTaken = (day: string, start: string) => takenByDate.get(day)?.has(start) ?? false;
  const fullyBooked = (day: string) => SLOTS.every(({ start }) => isTaken(day, start));
  /** The slots a booking of `duration` hours from `start` would hold. */
  const heldFrom = (start: string) => SLOTS.filter((slot) => slot.start >= start && slot.start < addHours(start, duration));
  const startUnavailable = (day: string, start: string) =>
    !startsInTime(duration, start) ||
    ((slotPassed(day, start) || heldFrom(start).some((slot) => isTaken(day, slot.start))) && !isCurrent(day, start));
  /** Bookings are made and moved at most BOOKING_HORIZON_MONTHS ahead (shared rule). */
  const horizonEnd = bookingHorizonEnd(today);
  const dayDisabled = (day: string) => day < today || day > horizonEnd || isWeekend(day) || SLOTS.every(({ start }) => startUnavailable(day, start));

  return { isCurrent, isTaken, fullyBooked, startUnavailable, dayDisabled, horizonEnd };
}
