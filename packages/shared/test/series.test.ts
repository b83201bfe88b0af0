import { describe, expect, it } from "vitest";
import { coversSlot, createSeriesSchema, createTimeOffSchema, isSeriesLength, MSG, seriesDates, slotsOf } from "../src/index.js";

describe("a weekly series' dates", () => {
  it("are the same weekday for the given number of weeks, across months and years", () => {
    expect(seriesDates("2026-12-21", 3)).toEqual(["2026-12-21", "2026-12-28", "2027-01-04"]);
  });
  it("last 2 to 12 weeks", () => {
    expect([1, 2, 12, 13, 2.5].map(isSeriesLength)).toEqual([false, true, true, false, false]);
    const weeks = (n: number) =>
      createSeriesSchema.safeParse({ consultantId: crypto.randomUUID(), date: "2026-12-07", startTime: "09:00", duration: 4, weeks: n });
    expect(weeks(2).success && weeks(12).success).toBe(true);
    expect(weeks(13).error?.issues[0]?.message).toBe(MSG.seriesWeeksInvalid);
    expect(weeks(1).error?.issues[0]?.message).toBe(MSG.seriesWeeksInvalid);
  });
});

describe("time off", () => {
  it("a booking holds the slots from its start for its hours", () => {
    expect(slotsOf("09:00", 4)).toEqual(["09:00"]);
    expect(slotsOf("09:00", 8)).toEqual(["09:00", "13:00"]);
    expect(slotsOf("13:00", 4)).toEqual(["13:00"]);
  });
  it("a block covers its dates, all day or one slot", () => {
    const week = { from: "2026-12-07", to: "2026-12-11", slot: null };
    expect(coversSlot(week, "2026-12-07", "13:00")).toBe(true);
    expect(coversSlot(week, "2026-12-12", "09:00")).toBe(false);
    const morning = { from: "2026-12-07", to: "2026-12-07", slot: "09:00" };
    expect([coversSlot(morning, "2026-12-07", "09:00"), coversSlot(morning, "2026-12-07", "13:00")]).toEqual([true, false]);
  });
  it("a single slot is blocked on one date only, and a range ends on or after its start", () => {
    expect(createTimeOffSchema.safeParse({ from: "2026-12-07", to: "2026-12-08", slot: "09:00" }).error?.issues[0]?.message).toBe(
      MSG.timeOffSlotOneDay,
    );
    expect(createTimeOffSchema.safeParse({ from: "2026-12-08", to: "2026-12-07" }).error?.issues[0]?.message).toBe(MSG.timeOffRangeInvalid);
    expect(createTimeOffSchema.safeParse({ from: "2026-12-07", to: "2026-12-07", slot: "13:00", note: "Dentist" }).success).toBe(true);
  });
});
