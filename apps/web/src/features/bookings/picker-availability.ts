import { bookingHorizonEnd, manilaInstant, slotRefusals, type BookedSlot, type SlotRefusal } from "@vam/shared";
import { SLOTS, addHours } from "./dates";

export interface DateTime {
  date: string;
  time: string;
}

export interface PickerAvailabilityInput {
  /** The consultant's held slots: booked, or taken off (`off`). */
  booked: readonly BookedSlot[];
  /** When rescheduling: the booking's own start, whose slots count as free. */
  current?: DateTime;
  /** Hours to book: a full day (8) starts in the morning and needs both slots free. */
  duration: number;
  /** Manila's date and time now (yyyy-MM-dd, HH:mm). */
  today: string;
  now: string;
}

/** The instants of a booking of `hours` from Manila's `time` on `date`: what `withYourTime` and `inYourDaytime` take. */
export function slotSpan(date: string, time: string, hours: number): { start: Date; end: Date } {
  const start = manilaInstant(date, time);
  return { start, end: new Date(start.getTime() + hours * 3_600_000) };
}

type SlotSets = Map<string, Set<string>>;

function addSlot(sets: SlotSets, { date, time }: DateTime) {
  const set = sets.get(date) ?? new Set<string>();
  set.add(time);
  sets.set(date, set);
}

/**
 * What the date and time picker offers (pure, tested in apps/web/test/picker-availability.test.ts):
 * a start is unavailable when it has passed, when any slot the booking would hold is booked or
 * taken off by the Assistant (the rescheduled booking's own slots are free), or, for a full day,
 * when it is not the morning; a day is disabled when it is past, beyond the booking horizon, a
 * weekend, or has no start left. A slot taken off is Unavailable rather than Booked; a day whose
 * slots are all taken off is fully off (rather than fully booked).
 */
export function pickerAvailability({ booked, current, duration, today, now }: PickerAvailabilityInput) {
  const ownEnd = current ? addHours(current.time, duration) : null;
  /** A slot the rescheduled booking holds itself: free to it. */
  const own = (slot: BookedSlot) =>
    !slot.off && current !== undefined && ownEnd !== null && slot.date === current.date && slot.time >= current.time && slot.time < ownEnd;
  const held = { slots: booked.filter((slot) => !own(slot)) };
  const takenByDate: SlotSets = new Map();
  const offByDate: SlotSets = new Map();
  for (const slot of held.slots) addSlot(slot.off ? offByDate : takenByDate, slot);

  const isCurrent = (day: string, start: string) => current?.date === day && current.time === start;
  /** Taken off by the Assistant (a block of time off or a holiday): shown as Unavailable. */
  const isOff = (day: string, start: string) => offByDate.get(day)?.has(start) ?? false;
  /** Held by a booking (and not taken off): shown as Booked. */
  const isTaken = (day: string, start: string) => !isOff(day, start) && (takenByDate.get(day)?.has(start) ?? false);
  const isHeld = (day: string, start: string) => isOff(day, start) || isTaken(day, start);
  const fullyOff = (day: string) => SLOTS.every(({ start }) => isOff(day, start));
  /** Every slot held, by bookings or by bookings and time off (a day fully off is `fullyOff` instead). */
  const fullyBooked = (day: string) => !fullyOff(day) && SLOTS.every(({ start }) => isHeld(day, start));
  // The shared rule (slot-refusal.ts), over the held slots but the rescheduled booking's own.
  const nowAt = manilaInstant(today, now);
  const known = new Map<string, SlotRefusal[]>();
  const refusals = (day: string, start: string) => {
    const key = `${day} ${start}`;
    let found = known.get(key);
    if (!found) known.set(key, (found = slotRefusals({ date: day, time: start, duration, now: nowAt }, held)));
    return found;
  };
  /** Refusals of the day rather than of a start: the day is disabled instead. */
  const ofDay = (refusal: SlotRefusal) => refusal === "weekend" || refusal === "beyondHorizon";
  /** The rescheduled booking's own start may stay where it is, even once it has started. */
  const forgiven = (day: string, start: string, refusal: SlotRefusal) => (refusal === "past" || refusal === "taken") && isCurrent(day, start);
  const startUnavailable = (day: string, start: string) => refusals(day, start).some((refusal) => !ofDay(refusal) && !forgiven(day, start, refusal));
  /** Bookings are made and moved at most BOOKING_HORIZON_MONTHS ahead (shared rule). */
  const horizonEnd = bookingHorizonEnd(today);
  const dayDisabled = (day: string) => day < today || SLOTS.every(({ start }) => refusals(day, start).some(ofDay) || startUnavailable(day, start));

  return { isCurrent, isTaken, isOff, fullyBooked, fullyOff, startUnavailable, dayDisabled, horizonEnd };
}
