import { describe, expect, it } from "vitest";
import {
  bookingHorizonEnd,
  HOUR_MS,
  isWeekend,
  manilaDate,
  manilaInstant,
  manilaTime,
  MSG,
  SLOTS,
  shiftDate,
  slotRefusal,
  type ProfileSearch,
  type SlotRefusal,
} from "@vam/shared";
import { pickerAvailability } from "../../web/src/features/bookings/picker-availability";
import { assertBookableStart, bookingEnd, slotsHeld } from "../src/slots/slots.js";
import { HttpError } from "../src/http/errors.js";
import { busyThen } from "../src/profiles/search-availability.js";
import { isRegularHoliday, regularHolidays } from "../src/time-off/holidays.js";
import { heldRefusalOf, offHoldsOf, offSlotsOf } from "../src/time-off/queries.js";

/*
 * The three places that decide whether a slot is free agree with the shared rule (`slotRefusal`)
 * on generated cases: the server's booking checks (start, length, time off, then the exclusion
 * constraint), search's "available on" over the held time a listing carries, and the web's date
 * picker over the slots it is sent.
 */

/** Wednesday 25 November 2026, 10:30 in Manila: the morning slot has started, the afternoon has not. */
const NOW = manilaInstant("2026-11-25", "10:30");
const TODAY = manilaDate(NOW);
const HORIZON_END = bookingHorizonEnd(TODAY);
const HOLIDAYS = regularHolidays(shiftDate(TODAY, -7), shiftDate(HORIZON_END, 14)).map((holiday) => holiday.date);

/** Mulberry32: a small seeded generator, so a failing case comes back on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Booking {
  startsAt: Date;
  endsAt: Date;
}
interface Case {
  date: string;
  time: string;
  duration: number;
  bookings: Booking[];
  blocks: { startsOn: string; endsOn: string; slot: string | null }[];
  owner: { holidaysOff: boolean; holidaysKept: string[] };
}

function generate(count: number, seed: number): Case[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const int = (below: number) => Math.floor(next() * below);
  const dates = () => {
    const kind = int(6);
    if (kind === 0) return shiftDate(TODAY, int(3) - 1);
    if (kind === 1) return shiftDate(HORIZON_END, int(7) - 3);
    if (kind === 2) return pick(HOLIDAYS);
    return shiftDate(TODAY, int(400) - 5);
  };
  return Array.from({ length: count }, () => {
    const date = dates();
    const bookings = Array.from({ length: int(4) }, () => {
      const day = shiftDate(date, int(3) - 1);
      const full = next() < 0.4;
      const startsAt = manilaInstant(day, full ? "09:00" : pick(SLOTS).start);
      return { startsAt, endsAt: new Date(startsAt.getTime() + (full ? 8 : 4) * HOUR_MS) };
    });
    const blocks = Array.from({ length: int(3) }, () => {
      const startsOn = shiftDate(date, int(7) - 4);
      return { startsOn, endsOn: shiftDate(startsOn, int(4)), slot: next() < 0.5 ? null : pick(SLOTS).start };
    });
    const holidaysOff = next() < 0.5;
    const holidaysKept = holidaysOff ? HOLIDAYS.filter(() => next() < 0.3) : [];
    return { date, time: pick(SLOTS).start, duration: next() < 0.5 ? 4 : 8, bookings, blocks, owner: { holidaysOff, holidaysKept } };
  });
}

const CASES = generate(3000, 35);

/** What the shared rule answers for a case. */
const ruled = (c: Case, at = { time: c.time, duration: c.duration }): SlotRefusal | null =>
  slotRefusal(
    { date: c.date, time: at.time, duration: at.duration, now: NOW, holiday: isRegularHoliday(c.date) },
    { ...offHoldsOf(c.owner, c.blocks), ranges: c.bookings.flatMap((b) => [b.startsAt.getTime(), b.endsAt.getTime()]) },
  );

/** The server's answer to booking (or moving a booking to) the case: its status and text, or null when it would store it. */
function serverAnswer(c: Case): { status: number; message: string } | null {
  try {
    const startsAt = assertBookableStart(c.date, c.time, NOW);
    const endsAt = bookingEnd(startsAt, c.time, c.duration);
    // assertNotOff's check, from the rows it reads.
    if (heldRefusalOf(offHoldsOf(c.owner, c.blocks), startsAt, endsAt) === "timeOff") return { status: 409, message: MSG.bookingTimeOff };
    // The exclusion constraint: no two holding bookings of one consultant overlap.
    if (c.bookings.some((b) => b.startsAt < endsAt && b.endsAt > startsAt)) return { status: 409, message: MSG.bookingSlotTaken };
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

/** The answers each refusal stands for on the server, as before the rule. */
const SERVER: Record<SlotRefusal, { status: number; message: string }> = {
  dateInvalid: { status: 400, message: MSG.bookingDateInvalid },
  weekend: { status: 400, message: MSG.bookingWeekend },
  past: { status: 400, message: MSG.bookingPast },
  beyondHorizon: { status: 400, message: MSG.bookingBeyondHorizon },
  fullDayFromAfternoon: { status: 400, message: MSG.bookingFullDayFromMorning },
  timeOff: { status: 409, message: MSG.bookingTimeOff },
  taken: { status: 409, message: MSG.bookingSlotTaken },
};

describe("the server, search and the picker agree with slotRefusal", () => {
  it("covers every refusal and free slots", () => {
    const seen = new Set(CASES.map((c) => ruled(c) ?? "free"));
    expect([...seen].sort()).toEqual(["beyondHorizon", "free", "fullDayFromAfternoon", "past", "taken", "timeOff", "weekend"]);
    expect(CASES.some((c) => c.owner.holidaysOff && c.owner.holidaysKept.includes(c.date) && !isWeekend(c.date))).toBe(true);
  });

  it("the server refuses with the rule's status and text", () => {
    for (const c of CASES) {
      const refusal = ruled(c);
      expect(serverAnswer(c), JSON.stringify(c)).toEqual(refusal ? SERVER[refusal] : null);
    }
  });

  it("search lists an Assistant on a date when one asked slot is free", () => {
    for (const c of CASES) {
      const held = { ...offHoldsOf(c.owner, c.blocks), ranges: c.bookings.flatMap((b) => [b.startsAt.getTime(), b.endsAt.getTime()]) };
      for (const slot of [undefined, ...SLOTS]) {
        const busy = busyThen(c.date, slot?.label as ProfileSearch["slot"], NOW);
        const listed = busy !== null && !busy({ held });
        const free = (slot ? [slot] : SLOTS).some(({ start }) => ruled(c, { time: start, duration: 4 }) === null);
        expect(listed, `${slot?.label ?? "either"} ${JSON.stringify(c)}`).toBe(free);
      }
    }
  });

  it("the picker offers a start when the rule allows it, Booked or Unavailable as it says", () => {
    for (const c of CASES) {
      // What GET /bookings/booked/:id sends: the slots held by bookings, then the slots taken off.
      const booked = [...c.bookings.flatMap((b) => slotsHeld(b.startsAt, b.endsAt)), ...offSlotsOf(c.owner, c.blocks, TODAY, HORIZON_END)];
      const picker = pickerAvailability({ booked, duration: c.duration, today: TODAY, now: manilaTime(NOW) });
      const refusal = ruled(c);
      const unavailable = picker.dayDisabled(c.date) || picker.startUnavailable(c.date, c.time);
      expect(unavailable, JSON.stringify(c)).toBe(refusal !== null);
      if (refusal === "past" || refusal === "beyondHorizon" || refusal === "weekend") continue;
      const times = SLOTS.map((slot) => slot.start).filter((time) => time >= c.time && (c.duration === 8 || time === c.time));
      if (refusal === "timeOff") expect(times.some((time) => picker.isOff(c.date, time))).toBe(true);
      if (refusal === "taken")
        expect(times.some((time) => picker.isTaken(c.date, time)) && !times.some((time) => picker.isOff(c.date, time))).toBe(true);
    }
  });
});
