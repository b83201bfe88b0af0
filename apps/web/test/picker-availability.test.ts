import type { BookedSlot } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { pickerAvailability, type PickerAvailabilityInput } from "../src/features/bookings/picker-availability";

/** A Monday; Wednesday the 25th is the day most tests book. */
const TODAY = "2026-11-23";
const WED = "2026-11-25";
const THU = "2026-11-26";

const picker = (extra: Partial<PickerAvailabilityInput> = {}) =>
  pickerAvailability({ booked: [], duration: 4, today: TODAY, now: "08:00", ...extra });
const slot = (date: string, time: string): BookedSlot => ({ date, time });
/** A slot the Assistant took off (a block of time off or a holiday). */
const off = (date: string, time: string): BookedSlot => ({ date, time, off: true });

describe("pickerAvailability", () => {
  it("a taken slot is Booked and cannot be chosen; the other slot of the day still can", () => {
    const { isTaken, startUnavailable, dayDisabled, fullyBooked } = picker({ booked: [slot(WED, "13:00")] });
    expect(isTaken(WED, "13:00")).toBe(true);
    expect(startUnavailable(WED, "13:00")).toBe(true);
    expect(isTaken(WED, "09:00")).toBe(false);
    expect(startUnavailable(WED, "09:00")).toBe(false);
    // The same time on another day is free.
    expect(isTaken(THU, "13:00")).toBe(false);
    expect(startUnavailable(THU, "13:00")).toBe(false);
    expect(dayDisabled(WED)).toBe(false);
    expect(fullyBooked(WED)).toBe(false);
  });

  it("a full day starts only in the morning", () => {
    const { startUnavailable, dayDisabled } = picker({ duration: 8 });
    expect(startUnavailable(THU, "09:00")).toBe(false);
    expect(startUnavailable(THU, "13:00")).toBe(true);
    expect(dayDisabled(THU)).toBe(false);
  });

  it("a full day needs both slots free: a taken afternoon blocks the morning start and the day", () => {
    const booked = [slot(WED, "13:00")];
    const full = picker({ booked, duration: 8 });
    expect(full.startUnavailable(WED, "09:00")).toBe(true);
    expect(full.dayDisabled(WED)).toBe(true);
    // Half a day still fits in the free morning.
    expect(picker({ booked }).startUnavailable(WED, "09:00")).toBe(false);

    const morningTaken = picker({ booked: [slot(WED, "09:00")], duration: 8 });
    expect(morningTaken.startUnavailable(WED, "09:00")).toBe(true);
    expect(morningTaken.dayDisabled(WED)).toBe(true);
  });

  it("when rescheduling, the booking's own slots count as free and its start is Current", () => {
    const current = { date: WED, time: "09:00" };
    const half = picker({ booked: [slot(WED, "09:00"), slot(WED, "13:00")], current });
    expect(half.isTaken(WED, "09:00")).toBe(false);
    expect(half.isCurrent(WED, "09:00")).toBe(true);
    expect(half.startUnavailable(WED, "09:00")).toBe(false);
    // Only its own 4 hours: the afternoon is someone else's.
    expect(half.isTaken(WED, "13:00")).toBe(true);
    expect(half.isCurrent(WED, "13:00")).toBe(false);
    expect(half.startUnavailable(WED, "13:00")).toBe(true);
    expect(half.fullyBooked(WED)).toBe(false);

    // A full day's own slots are both free, so it can stay where it is.
    const full = picker({ booked: [slot(WED, "09:00"), slot(WED, "13:00")], current, duration: 8 });
    expect(full.isTaken(WED, "13:00")).toBe(false);
    expect(full.startUnavailable(WED, "09:00")).toBe(false);
    expect(full.dayDisabled(WED)).toBe(false);

    // The same times on another day are not its own.
    const other = picker({ booked: [slot(THU, "09:00")], current });
    expect(other.isTaken(THU, "09:00")).toBe(true);
    expect(other.isCurrent(THU, "09:00")).toBe(false);
    expect(other.startUnavailable(THU, "09:00")).toBe(true);
  });

  it("without a rescheduled booking nothing is Current", () => {
    expect(picker({ booked: [slot(WED, "09:00")] }).isCurrent(WED, "09:00")).toBe(false);
  });

  it("today's slots that have started are unavailable; once both have, today is disabled", () => {
    const morning = picker({ now: "08:59" });
    expect(morning.startUnavailable(TODAY, "09:00")).toBe(false);
    const started = picker({ now: "09:00" });
    expect(started.startUnavailable(TODAY, "09:00")).toBe(true);
    expect(started.startUnavailable(TODAY, "13:00")).toBe(false);
    expect(started.dayDisabled(TODAY)).toBe(false);
    // A full day can no longer start today once the morning has begun.
    expect(picker({ now: "09:00", duration: 8 }).dayDisabled(TODAY)).toBe(true);
    const afternoon = picker({ now: "13:00" });
    expect(afternoon.startUnavailable(TODAY, "13:00")).toBe(true);
    expect(afternoon.dayDisabled(TODAY)).toBe(true);
    // Tomorrow is not affected by the time of day.
    expect(afternoon.startUnavailable("2026-11-24", "09:00")).toBe(false);
  });

  it("earlier days are disabled", () => {
    const { dayDisabled, startUnavailable } = picker();
    expect(dayDisabled("2026-11-20")).toBe(true);
    expect(startUnavailable("2026-11-20", "13:00")).toBe(true);
  });

  it("weekends are disabled", () => {
    const { dayDisabled } = picker();
    expect(dayDisabled("2026-11-27")).toBe(false);
    expect(dayDisabled("2026-11-28")).toBe(true);
    expect(dayDisabled("2026-11-29")).toBe(true);
    expect(dayDisabled("2026-11-30")).toBe(false);
  });

  it("days beyond the booking horizon (the end of the 12th month counting this one) are disabled", () => {
    const { dayDisabled, horizonEnd } = picker();
    expect(horizonEnd).toBe("2027-10-31");
    expect(dayDisabled("2027-10-29")).toBe(false);
    expect(dayDisabled("2027-11-01")).toBe(true);
  });

  it("a day is fully booked, and disabled, when every slot is taken", () => {
    const { fullyBooked, dayDisabled } = picker({ booked: [slot(WED, "09:00"), slot(WED, "13:00"), slot(THU, "09:00")] });
    expect(fullyBooked(WED)).toBe(true);
    expect(dayDisabled(WED)).toBe(true);
    expect(fullyBooked(THU)).toBe(false);
    expect(dayDisabled(THU)).toBe(false);
    // A weekend with nothing booked is disabled but not fully booked.
    expect(fullyBooked("2026-11-28")).toBe(false);
  });

  it("a slot taken off is Unavailable, not Booked, and cannot be chosen; the other slot of the day still can", () => {
    const { isOff, isTaken, startUnavailable, dayDisabled, fullyBooked, fullyOff } = picker({ booked: [off(WED, "09:00")] });
    expect(isOff(WED, "09:00")).toBe(true);
    expect(isTaken(WED, "09:00")).toBe(false);
    expect(startUnavailable(WED, "09:00")).toBe(true);
    expect(isOff(WED, "13:00")).toBe(false);
    expect(startUnavailable(WED, "13:00")).toBe(false);
    expect(dayDisabled(WED)).toBe(false);
    expect(fullyBooked(WED)).toBe(false);
    expect(fullyOff(WED)).toBe(false);
    // The same time on another day is free.
    expect(isOff(THU, "09:00")).toBe(false);
    expect(startUnavailable(THU, "09:00")).toBe(false);
  });

  it("a day whose slots are all taken off is fully off (not fully booked) and disabled", () => {
    const { fullyOff, fullyBooked, dayDisabled, startUnavailable } = picker({ booked: [off(WED, "09:00"), off(WED, "13:00")] });
    expect(fullyOff(WED)).toBe(true);
    expect(fullyBooked(WED)).toBe(false);
    expect(dayDisabled(WED)).toBe(true);
    expect(startUnavailable(WED, "09:00")).toBe(true);
    expect(startUnavailable(WED, "13:00")).toBe(true);
    expect(fullyOff(THU)).toBe(false);
    expect(dayDisabled(THU)).toBe(false);
    // A weekend is disabled but neither fully off nor fully booked.
    expect(fullyOff("2026-11-28")).toBe(false);
  });

  it("a day with one slot booked and the other taken off has no time left: fully booked and disabled", () => {
    const { isTaken, isOff, fullyBooked, fullyOff, dayDisabled } = picker({ booked: [slot(WED, "09:00"), off(WED, "13:00")] });
    expect(isTaken(WED, "09:00")).toBe(true);
    expect(isOff(WED, "13:00")).toBe(true);
    expect(fullyBooked(WED)).toBe(true);
    expect(fullyOff(WED)).toBe(false);
    expect(dayDisabled(WED)).toBe(true);
  });

  it("a full day needs both slots free: an afternoon taken off blocks the morning start and the day", () => {
    const full = picker({ booked: [off(WED, "13:00")], duration: 8 });
    expect(full.startUnavailable(WED, "09:00")).toBe(true);
    expect(full.dayDisabled(WED)).toBe(true);
    // Half a day still fits in the free morning.
    expect(picker({ booked: [off(WED, "13:00")] }).startUnavailable(WED, "09:00")).toBe(false);
  });

  it("when rescheduling, time off on the booking's own day is not its own: it stays unavailable", () => {
    const current = { date: WED, time: "09:00" };
    // A full day cannot stay where it is once the afternoon is taken off.
    const full = picker({ booked: [slot(WED, "09:00"), off(WED, "13:00")], current, duration: 8 });
    expect(full.isTaken(WED, "09:00")).toBe(false);
    expect(full.isOff(WED, "13:00")).toBe(true);
    expect(full.startUnavailable(WED, "09:00")).toBe(true);
    // Half a day keeps its own morning; the afternoon taken off is Unavailable.
    const half = picker({ booked: [slot(WED, "09:00"), off(WED, "13:00")], current });
    expect(half.startUnavailable(WED, "09:00")).toBe(false);
    expect(half.startUnavailable(WED, "13:00")).toBe(true);
    expect(half.dayDisabled(WED)).toBe(false);
  });
});
