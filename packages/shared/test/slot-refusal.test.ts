import { describe, expect, it } from "vitest";
import { bookingHorizonEnd, isWeekend, manilaInstant, shiftDate, slotRefusal, slotRefusals, type SlotAsk } from "../src/index.js";

/** Wednesday 25 November 2026, 10:30 in Manila: the morning slot has started, the afternoon has not. */
const NOW = manilaInstant("2026-11-25", "10:30");
const THU = "2026-11-26";
const ask = (extra: Partial<SlotAsk> = {}): SlotAsk => ({ date: THU, time: "09:00", duration: 4, now: NOW, ...extra });
const ms = (date: string, time: string) => manilaInstant(date, time).getTime();

describe("slotRefusal", () => {
  it("a future weekday slot that nobody holds is free", () => {
    expect(slotRefusal(ask())).toBeNull();
    expect(slotRefusal(ask({ duration: 8 }))).toBeNull();
    expect(slotRefusal(ask({ date: "2026-11-25", time: "13:00" }))).toBeNull();
  });

  it("refuses a date that is not on the calendar", () => {
    expect(slotRefusal(ask({ date: "2026-02-30" }))).toBe("dateInvalid");
  });

  it("refuses weekends", () => {
    expect(slotRefusal(ask({ date: "2026-11-28" }))).toBe("weekend");
    expect(slotRefusal(ask({ date: "2026-11-29", time: "13:00" }))).toBe("weekend");
  });

  it("refuses a slot that has started, and any earlier day", () => {
    expect(slotRefusal(ask({ date: "2026-11-25", time: "09:00" }))).toBe("past");
    expect(slotRefusal(ask({ date: "2026-11-24", time: "13:00" }))).toBe("past");
    expect(slotRefusal(ask({ date: "2026-11-25", time: "13:00", now: manilaInstant("2026-11-25", "13:00") }))).toBe("past");
  });

  it("refuses dates beyond the booking horizon, not its last day", () => {
    const end = bookingHorizonEnd("2026-11-25");
    const weekdays = (from: string, step: number) => [0, 1, 2].map((n) => shiftDate(from, step * n)).filter((date) => !isWeekend(date));
    expect(slotRefusal(ask({ date: weekdays(shiftDate(end, 1), 1)[0]! }))).toBe("beyondHorizon");
    expect(slotRefusal(ask({ date: weekdays(end, -1)[0]! }))).toBeNull();
  });

  it("refuses a full day from the afternoon", () => {
    expect(slotRefusal(ask({ time: "13:00", duration: 8 }))).toBe("fullDayFromAfternoon");
    expect(slotRefusal(ask({ time: "13:00", duration: 4 }))).toBeNull();
  });

  it("refuses a slot a 4-hour booking holds, and only that slot", () => {
    const ranges = [ms(THU, "13:00"), ms(THU, "17:00")];
    expect(slotRefusal(ask({ time: "13:00" }), { ranges })).toBe("taken");
    expect(slotRefusal(ask({ time: "09:00" }), { ranges })).toBeNull();
    // A full day needs both slots.
    expect(slotRefusal(ask({ duration: 8 }), { ranges })).toBe("taken");
    expect(slotRefusal(ask({ date: "2026-11-27", time: "13:00" }), { ranges })).toBeNull();
  });

  it("refuses both slots an 8-hour booking holds", () => {
    const ranges = [ms(THU, "09:00"), ms(THU, "17:00")];
    expect(slotRefusal(ask({ time: "09:00" }), { ranges })).toBe("taken");
    expect(slotRefusal(ask({ time: "13:00" }), { ranges })).toBe("taken");
  });

  it("reads held slots as the picker has them: booked, or taken off", () => {
    expect(slotRefusal(ask({ time: "13:00" }), { slots: [{ date: THU, time: "13:00" }] })).toBe("taken");
    expect(slotRefusal(ask({ duration: 8 }), { slots: [{ date: THU, time: "13:00", off: true }] })).toBe("timeOff");
    expect(slotRefusal(ask(), { slots: [{ date: THU, time: "13:00", off: true }] })).toBeNull();
  });

  it("refuses time off: a whole-day block, or a block of the slot only", () => {
    const blocks = [{ from: "2026-11-26", to: "2026-11-27", slot: null }];
    expect(slotRefusal(ask(), { blocks })).toBe("timeOff");
    expect(slotRefusal(ask({ date: "2026-11-27", time: "13:00" }), { blocks })).toBe("timeOff");
    expect(slotRefusal(ask({ date: "2026-11-30" }), { blocks })).toBeNull();
    const afternoon = [{ from: THU, to: THU, slot: "13:00" }];
    expect(slotRefusal(ask(), { blocks: afternoon })).toBeNull();
    expect(slotRefusal(ask({ time: "13:00" }), { blocks: afternoon })).toBe("timeOff");
    expect(slotRefusal(ask({ duration: 8 }), { blocks: afternoon })).toBe("timeOff");
  });

  it("time off comes before a booking", () => {
    const held = { ranges: [ms(THU, "09:00"), ms(THU, "13:00")], blocks: [{ from: THU, to: THU, slot: null }] };
    expect(slotRefusal(ask(), held)).toBe("timeOff");
  });

  it("a regular holiday is time off when the switch is on, unless kept as a working day", () => {
    const holiday = { date: "2026-12-25", holiday: true };
    expect(slotRefusal(ask(holiday))).toBeNull();
    expect(slotRefusal(ask(holiday), { holidaysOff: false })).toBeNull();
    expect(slotRefusal(ask(holiday), { holidaysOff: true })).toBe("timeOff");
    expect(slotRefusal(ask({ ...holiday, duration: 8, time: "09:00" }), { holidaysOff: true })).toBe("timeOff");
    expect(slotRefusal(ask(holiday), { holidaysOff: true, holidaysKept: ["2026-12-25"] })).toBeNull();
    expect(slotRefusal(ask(holiday), { holidaysOff: true, holidaysKept: ["2026-12-30"] })).toBe("timeOff");
    // Not a holiday: the switch changes nothing.
    expect(slotRefusal(ask({ date: "2026-12-24" }), { holidaysOff: true })).toBeNull();
  });

  it("slotRefusals lists every reason in order; slotRefusal is the first", () => {
    const held = {
      ranges: [ms("2026-11-25", "09:00"), ms("2026-11-25", "17:00")],
      blocks: [{ from: "2026-11-25", to: "2026-11-25", slot: "13:00" }],
    };
    const both = { date: "2026-11-25", time: "13:00", duration: 8, now: manilaInstant("2026-11-25", "14:00") };
    expect(slotRefusals(both, held)).toEqual(["past", "fullDayFromAfternoon", "timeOff", "taken"]);
    expect(slotRefusal(both, held)).toBe("past");
    expect(slotRefusals(ask({ date: "2026-13-01" }))).toEqual(["dateInvalid"]);
  });
});
