import { manilaInstant } from "@vam/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESCHEDULE_DAYS, ownStarts, rescheduleDates, startsFor } from "../src/features/dashboard/reschedule-options";

afterEach(() => vi.useRealTimers());

const half = (date: string, startTime = "09:00") => ({ date, startTime, duration: 4 });
const fullDay = (date: string) => ({ date, startTime: "09:00", duration: 8 });
/** The day's start in Manila: nothing of it has passed. */
const midnight = (date: string) => manilaInstant(date, "00:00");

describe("rescheduleDates", () => {
  it("offers the weekdays among the 14 days from a Saturday", () => {
    expect(RESCHEDULE_DAYS).toBe(14);
    expect(rescheduleDates(4, midnight("2026-11-28"))).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
    ]);
  });

  it("crosses the year, and ends with the 14th day counting today", () => {
    // Dec 28 is a Monday; the 14th day is Sunday Jan 10, so the last offer is Friday Jan 8.
    expect(rescheduleDates(4, midnight("2026-12-28"))).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-04",
      "2027-01-05",
      "2027-01-06",
      "2027-01-07",
      "2027-01-08",
    ]);
    // From a Thursday the 14th day (Wednesday) is a weekday and is offered, the 15th is not.
    const fromThursday = rescheduleDates(4, midnight("2026-11-26"));
    expect(fromThursday.at(0)).toBe("2026-11-26");
    expect(fromThursday.at(-1)).toBe("2026-12-09");
    expect(fromThursday).toHaveLength(10);
  });

  it("starts from today in Manila by default", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Friday 20:00 UTC is already Saturday in Manila.
    vi.setSystemTime(new Date("2026-11-27T20:00:00Z"));
    expect(rescheduleDates()[0]).toBe("2026-11-30");
    vi.setSystemTime(new Date("2026-11-27T03:00:00Z"));
    expect(rescheduleDates()[0]).toBe("2026-11-27");
  });

  it("leaves today out once no start the booking may take is ahead", () => {
    // Friday 10:00 in Manila: the afternoon is ahead for a 4-hour booking; a full day starts at 9:00.
    expect(rescheduleDates(4, manilaInstant("2026-11-27", "10:00"))[0]).toBe("2026-11-27");
    expect(rescheduleDates(8, manilaInstant("2026-11-27", "10:00"))[0]).toBe("2026-11-30");
    expect(rescheduleDates(8, manilaInstant("2026-11-27", "08:59"))[0]).toBe("2026-11-27");
    // At 13:00 the afternoon has started too.
    expect(rescheduleDates(4, manilaInstant("2026-11-27", "13:00"))[0]).toBe("2026-11-30");
  });
});

describe("ownStarts", () => {
  it("is the slots a booking holds on its own day, and none on another", () => {
    expect(ownStarts(half("2026-11-25"), "2026-11-25")).toEqual(["09:00"]);
    expect(ownStarts(half("2026-11-25", "13:00"), "2026-11-25")).toEqual(["13:00"]);
    expect(ownStarts(fullDay("2026-11-25"), "2026-11-25")).toEqual(["09:00", "13:00"]);
    expect(ownStarts(fullDay("2026-11-25"), "2026-11-26")).toEqual([]);
    expect(ownStarts(half("2026-11-25"), "2026-11-24")).toEqual([]);
  });
});

describe("startsFor", () => {
  it("a 4-hour booking takes any free start, in the day's order, ignoring anything that is not a slot", () => {
    expect(startsFor(half("2026-11-25"), "2026-11-26", ["13:00", "09:00"])).toEqual(["09:00", "13:00"]);
    expect(startsFor(half("2026-11-25"), "2026-11-26", ["13:00", "10:00"])).toEqual(["13:00"]);
    expect(startsFor(half("2026-11-25"), "2026-11-26", [])).toEqual([]);
  });

  it("a 4-hour booking's own slot is offered on its own day even when the server lists it as taken", () => {
    expect(startsFor(half("2026-11-25"), "2026-11-25", [])).toEqual(["09:00"]);
    expect(startsFor(half("2026-11-25", "13:00"), "2026-11-25", ["09:00"])).toEqual(["09:00", "13:00"]);
  });

  it("a full day takes only the morning, and only when both slots are free", () => {
    expect(startsFor(fullDay("2026-11-25"), "2026-11-26", ["09:00", "13:00"])).toEqual(["09:00"]);
    expect(startsFor(fullDay("2026-11-25"), "2026-11-26", ["13:00"])).toEqual([]);
    expect(startsFor(fullDay("2026-11-25"), "2026-11-26", ["09:00"])).toEqual([]);
  });

  it("a full day can stay on its own day, its own slots counting as free", () => {
    expect(startsFor(fullDay("2026-11-25"), "2026-11-25", [])).toEqual(["09:00"]);
  });
});
