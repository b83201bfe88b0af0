import { MSG } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { blockDates, blockExtent, keptBookingsText, removeName, slotLabel, weekdaysBetween } from "../src/features/time-off/time-off-view";

describe("how a block of time off reads", () => {
  it("counts only the weekdays of a range", () => {
    expect(weekdaysBetween("2026-12-07", "2026-12-11")).toBe(5);
    expect(weekdaysBetween("2026-12-07", "2026-12-14")).toBe(6);
    expect(weekdaysBetween("2026-12-12", "2026-12-13")).toBe(0);
    expect(weekdaysBetween("2026-12-09", "2026-12-09")).toBe(1);
  });

  it("shows one date with its slot, or a range with its weekdays", () => {
    const week = { from: "2026-12-07", to: "2026-12-11", slot: null };
    expect(blockDates(week)).toBe("Monday, December 7, 2026 – Friday, December 11, 2026");
    expect(blockExtent(week)).toBe("5 weekdays");
    const morning = { from: "2026-12-07", to: "2026-12-07", slot: "09:00" };
    expect(blockDates(morning)).toBe("Monday, December 7, 2026");
    expect(blockExtent(morning)).toBe("Morning (9:00 AM to 1:00 PM)");
    expect(blockExtent({ ...morning, slot: null })).toBe("Whole day");
    expect(slotLabel("13:00")).toBe("Afternoon (1:00 PM to 5:00 PM)");
  });

  it("names each Remove button so that rows on the same date differ", () => {
    expect(removeName({ from: "2026-12-07", to: "2026-12-07", slot: null })).toBe("Remove time off Monday, December 7, 2026");
    expect(removeName({ from: "2026-12-07", to: "2026-12-07", slot: "09:00" })).toBe("Remove time off Monday, December 7, 2026, Morning");
    expect(removeName({ from: "2026-12-07", to: "2026-12-07", slot: "13:00" })).toBe("Remove time off Monday, December 7, 2026, Afternoon");
    expect(removeName({ from: "2026-12-07", to: "2026-12-11", slot: null })).toBe(
      "Remove time off Monday, December 7, 2026 to Friday, December 11, 2026",
    );
  });

  it("says who a kept holiday's bookings are with, or that it holds none now", () => {
    const booking = (id: string, clientName: string) => ({ id, date: "2026-12-30", startTime: "09:00", endTime: "13:00", clientName });
    expect(keptBookingsText([booking("a", "Ana Cruz")])).toBe("a booking with Ana Cruz");
    expect(keptBookingsText([booking("a", "Ana Cruz"), booking("b", "Ana Cruz")])).toBe("2 bookings with Ana Cruz");
    expect(keptBookingsText([booking("a", "Ana Cruz"), booking("b", "Ben Lim"), booking("c", "Carla Tan")])).toBe(
      "3 bookings with Ana Cruz, Ben Lim and Carla Tan",
    );
    expect(keptBookingsText([])).toBe(MSG.holidayKeptFree);
  });
});
