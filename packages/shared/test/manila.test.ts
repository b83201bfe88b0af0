import { tz } from "@date-fns/tz";
import { addDays, addMonths, endOfMonth, format, isWeekend as fnsIsWeekend, nextSaturday as fnsNextSaturday, parseISO, startOfWeek } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  FULL_DAY_START,
  SLOT_HOURS,
  SLOT_STARTS,
  addHoursToTime,
  bookingHorizonEnd,
  callKind,
  daysOfMonth,
  formatLongDate,
  formatMonth,
  formatShortDate,
  isWeekend,
  manilaDate,
  manilaInstant,
  manilaNow,
  manilaTime,
  manilaToday,
  mondayOf,
  nextSaturday,
  parseIsoDate,
  shiftDate,
  startsInTime,
  toIsoDate,
  weekdayAfter,
  weekdayAhead,
} from "../src/index.js";

describe("Manila time", () => {
  it("turns the day at 16:00 UTC, whatever the machine's time zone", () => {
    expect(manilaDate(new Date("2026-11-22T15:59:59Z"))).toBe("2026-11-22");
    expect(manilaDate(new Date("2026-11-22T16:00:00Z"))).toBe("2026-11-23");
    expect(manilaTime(new Date("2026-11-22T16:00:00Z"))).toBe("00:00");
    expect(manilaToday(Date.parse("2026-11-22T15:59:59Z"))).toBe("2026-11-22");
    expect(manilaToday(Date.parse("2026-11-22T16:00:00Z"))).toBe("2026-11-23");
    expect(manilaNow(Date.parse("2026-11-22T15:59:59Z"))).toBe("23:59");
    expect(manilaInstant("2026-11-23", "00:00").toISOString()).toBe("2026-11-22T16:00:00.000Z");
  });

  it("answers the same whatever the machine's time zone is", () => {
    const zone = process.env.TZ;
    try {
      for (const machine of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Manila"]) {
        process.env.TZ = machine;
        expect(manilaDate(new Date("2026-03-08T15:59:59Z"))).toBe("2026-03-08");
        expect(isWeekend("2026-03-08")).toBe(true);
        expect(shiftDate("2026-03-08", 1)).toBe("2026-03-09");
        expect(daysOfMonth(2026, 2)).toHaveLength(31);
        expect(parseIsoDate("2026-03-08").toISOString()).toBe("2026-03-08T00:00:00.000Z");
        expect(formatShortDate("2026-03-08")).toBe("Sun, Mar 8");
      }
    } finally {
      process.env.TZ = zone;
    }
  }, 60_000);

  it("places a Manila date and time at UTC+8, all year (no daylight saving)", () => {
    expect(manilaInstant("2026-11-23", "09:00").toISOString()).toBe("2026-11-23T01:00:00.000Z");
    expect(manilaInstant("2026-07-01", "13:00").toISOString()).toBe("2026-07-01T05:00:00.000Z");
  });

  it("knows weekends and counts weekdays across them", () => {
    expect(isWeekend("2026-11-21")).toBe(true); // Saturday
    expect(isWeekend("2026-11-22")).toBe(true); // Sunday
    expect(isWeekend("2026-11-23")).toBe(false);
    expect(weekdayAfter("2026-11-20", 1)).toBe("2026-11-23");
    expect(weekdayAfter("2026-11-23", 5)).toBe("2026-11-30");
    // Friday 23:30 in Manila (15:30 UTC): the next weekday is Monday.
    expect(weekdayAhead(1, Date.parse("2026-11-20T15:30:00Z"))).toBe("2026-11-23");
    // Friday 00:30 in Manila, still Thursday in UTC.
    expect(weekdayAhead(1, Date.parse("2026-11-19T16:30:00Z"))).toBe("2026-11-23");
    expect(nextSaturday("2026-11-20")).toBe("2026-11-21");
    expect(nextSaturday("2026-11-21")).toBe("2026-11-28");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("lists a month's days, February of a leap year included, and shifts across months", () => {
    expect(daysOfMonth(2028, 1)).toHaveLength(29);
    expect(daysOfMonth(2026, 1)).toHaveLength(28);
    expect(daysOfMonth(2100, 1)).toHaveLength(28);
    expect(daysOfMonth(2000, 1)).toHaveLength(29);
    expect(daysOfMonth(2026, 3)).toHaveLength(30);
    expect(daysOfMonth(2028, 1).at(-1)).toBe("2028-02-29");
    expect(shiftDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysOfMonth(2026, 10).at(0)).toBe("2026-11-01");
    expect(daysOfMonth(2026, 10).at(-1)).toBe("2026-11-30");
    expect(shiftDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("adds hours to a slot time, wrapping at midnight", () => {
    expect(addHoursToTime("09:00", 4)).toBe("13:00");
    expect(addHoursToTime("13:00", 4)).toBe("17:00");
    expect(addHoursToTime("22:00", 4)).toBe("02:00");
    expect(SLOT_STARTS.map((start) => addHoursToTime(start, SLOT_HOURS))).toEqual(["13:00", "17:00"]);
    expect(addHoursToTime(FULL_DAY_START, 2 * SLOT_HOURS)).toBe("17:00");
  });

  it("reads and writes plain dates, and names days and months", () => {
    expect(toIsoDate(parseIsoDate("2028-02-29"))).toBe("2028-02-29");
    expect(parseIsoDate("2026-11-23").getUTCDay()).toBe(1);
    expect(formatLongDate("2026-11-23")).toBe("Monday, November 23, 2026");
    expect(formatShortDate("2026-11-23")).toBe("Mon, Nov 23");
    expect(formatMonth(2026, 10)).toBe("November 2026");
    expect(formatMonth(2027, 0)).toBe("January 2027");
    expect(callKind(FULL_DAY_START)).toBe("Morning call meeting");
    expect(callKind("13:00")).toBe("Afternoon call meeting");
    expect(callKind("10:30")).toBe("30min call meeting");
  });

  it("ends the booking horizon with the 12th month counting the current one", () => {
    expect(bookingHorizonEnd("2026-11-23")).toBe("2027-10-31");
    expect(bookingHorizonEnd("2026-01-01")).toBe("2026-12-31");
  });

  it("starts a full day only in the morning", () => {
    expect(FULL_DAY_START).toBe("09:00");
    expect(startsInTime(8, FULL_DAY_START)).toBe(true);
    expect(startsInTime(8, "13:00")).toBe(false);
    expect(startsInTime(4, "13:00")).toBe(true);
  });
});

/*
 * The per-request functions are plain arithmetic with Manila's offset (manila.ts); these are the
 * date-fns forms they replaced, kept here as the reference they must equal day by day.
 */
describe("Manila time, against date-fns with the Manila time zone", () => {
  const manila = tz("Asia/Manila");
  const startOf = (date: string) => parseISO(date, { in: manila });
  const dayOf = (instant: Date | number) => format(instant, "yyyy-MM-dd", { in: manila });
  const reference = {
    isWeekend: (date: string) => fnsIsWeekend(startOf(date)),
    shiftDate: (date: string, days: number) => dayOf(addDays(startOf(date), days)),
    mondayOf: (date: string) => dayOf(startOfWeek(startOf(date), { weekStartsOn: 1 })),
    nextSaturday: (date: string) => dayOf(fnsNextSaturday(startOf(date))),
    bookingHorizonEnd: (date: string) => dayOf(endOfMonth(addMonths(startOf(date), 11))),
    manilaInstant: (date: string, time: string) => new Date(parseISO(`${date}T${time}`, { in: manila }).getTime()),
    manilaTime: (instant: number) => format(instant, "HH:mm", { in: manila }),
  };
  // Every day of 1999 to 2031: leap years (2000, a century leap year, and 2028), month ends, year ends.
  // date-fns with the Manila zone, the reference, takes 10 to 70 µs a call: these two tests take
  // 3 to 8 s as the machine goes, beyond the unit project's 5 s default, so they set their own limit.
  const days: string[] = [];
  for (let date = "1999-01-01"; date <= "2031-12-31"; date = reference.shiftDate(date, 1)) days.push(date);

  it("knows weekends, shifts days, finds Mondays, Saturdays and the booking horizon as date-fns does", () => {
    for (const [i, date] of days.entries()) {
      const shift = (i % 81) - 40;
      expect([isWeekend(date), shiftDate(date, shift), mondayOf(date), nextSaturday(date), bookingHorizonEnd(date)], date).toEqual([
        reference.isWeekend(date),
        reference.shiftDate(date, shift),
        reference.mondayOf(date),
        reference.nextSaturday(date),
        reference.bookingHorizonEnd(date),
      ]);
    }
  }, 60_000);

  it("places Manila dates and times, and reads instants back, as date-fns does, whatever the machine's zone", () => {
    const zone = process.env.TZ;
    try {
      for (const machine of ["UTC", "America/Los_Angeles", "Asia/Manila"]) {
        process.env.TZ = machine;
        for (const [i, date] of days.entries()) {
          if (i % 7 !== 0) continue;
          for (const time of ["00:00", "07:59", "08:00", "09:00", "13:00", "15:59", "16:00", "23:59"]) {
            const instant = manilaInstant(date, time);
            expect(instant.getTime(), `${date} ${time}`).toBe(reference.manilaInstant(date, time).getTime());
            expect([manilaDate(instant), manilaTime(instant)]).toEqual([date, time]);
            expect(manilaTime(instant.getTime() - 60_000)).toBe(reference.manilaTime(instant.getTime() - 60_000));
          }
        }
      }
    } finally {
      process.env.TZ = zone;
    }
  }, 60_000);

  it("refuses a date that is not one, as date-fns did", () => {
    expect(() => shiftDate("not a date", 1)).toThrow(RangeError);
    expect(() => manilaDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(isWeekend("not a date")).toBe(false);
  });
});
