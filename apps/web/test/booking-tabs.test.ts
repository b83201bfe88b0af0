import type { Booking } from "@vam/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOKINGS_PAGE_TABS, DASHBOARD_TABS, bookingsOfTab, bookingsPageTabOf, type BookingTab } from "../src/features/bookings/booking-filters";
import { booking } from "./fixtures";

const TODAY = "2026-11-23";
const YESTERDAY = "2026-11-22";
const TOMORROW = "2026-11-24";

const tabNamed = (tabs: readonly BookingTab[], label: string): BookingTab => {
  const found = tabs.find((t) => t.label === label);
  if (!found) throw new Error(`no tab ${label}`);
  return found;
};
/** The labels of the tabs that show `b`. */
const tabsOf = (tabs: readonly BookingTab[], b: Booking, today = TODAY) => tabs.filter((t) => t.matches(b, today)).map((t) => t.label);

afterEach(() => vi.useRealTimers());

describe("the tabs", () => {
  it("are the spec's, in order", () => {
    expect(BOOKINGS_PAGE_TABS.map((t) => t.label)).toEqual(["Upcoming", "Recurring", "Past", "Cancelled"]);
    expect(DASHBOARD_TABS.map((t) => t.label)).toEqual(["Upcoming", "Past"]);
  });
});

describe("which bookings page tab shows a booking", () => {
  it.each([
    ["pending today", booking(TODAY, "PENDING"), ["Upcoming"]],
    ["confirmed tomorrow", booking(TOMORROW, "CONFIRMED"), ["Upcoming"]],
    ["pending yesterday (never answered)", booking(YESTERDAY, "PENDING"), ["Past"]],
    ["confirmed yesterday", booking(YESTERDAY, "CONFIRMED"), ["Past"]],
    ["completed today", booking(TODAY, "COMPLETED"), ["Past"]],
    ["completed tomorrow", booking(TOMORROW, "COMPLETED"), ["Past"]],
    ["cancelled tomorrow", booking(TOMORROW, "CANCELLED"), ["Cancelled"]],
    ["cancelled yesterday", booking(YESTERDAY, "CANCELLED"), ["Past", "Cancelled"]],
    ["recurring, confirmed tomorrow", booking(TOMORROW, "CONFIRMED", { isRecurring: true }), ["Upcoming", "Recurring"]],
    ["recurring, cancelled tomorrow", booking(TOMORROW, "CANCELLED", { isRecurring: true }), ["Recurring", "Cancelled"]],
    ["recurring, completed yesterday", booking(YESTERDAY, "COMPLETED", { isRecurring: true }), ["Recurring", "Past"]],
  ] as const)("%s: %j", (_name, b, expected) => {
    expect(tabsOf(BOOKINGS_PAGE_TABS, b)).toEqual(expected);
  });

  it.each([
    ["pending tomorrow", booking(TOMORROW, "PENDING"), 0],
    ["recurring, cancelled tomorrow", booking(TOMORROW, "CANCELLED", { isRecurring: true }), 1],
    ["confirmed yesterday", booking(YESTERDAY, "CONFIRMED"), 2],
    ["cancelled yesterday", booking(YESTERDAY, "CANCELLED"), 2],
    ["cancelled tomorrow", booking(TOMORROW, "CANCELLED"), 3],
  ] as const)("/bookings/{id} opens %s on tab %i, the first that shows it", (_name, b, index) => {
    expect(bookingsPageTabOf(b, TODAY)).toBe(index);
  });

  it("a booking moves from Upcoming to Past when its day is over", () => {
    const b = booking(TODAY, "CONFIRMED");
    expect(tabsOf(BOOKINGS_PAGE_TABS, b, TODAY)).toEqual(["Upcoming"]);
    expect(tabsOf(BOOKINGS_PAGE_TABS, b, TOMORROW)).toEqual(["Past"]);
    expect(bookingsPageTabOf(b, TOMORROW)).toBe(2);
  });
});

describe("which dashboard tab shows a booking", () => {
  it.each([
    ["pending today", booking(TODAY, "PENDING"), "Upcoming"],
    ["confirmed tomorrow", booking(TOMORROW, "CONFIRMED"), "Upcoming"],
    ["pending yesterday", booking(YESTERDAY, "PENDING"), "Past"],
    ["completed tomorrow", booking(TOMORROW, "COMPLETED"), "Past"],
    ["cancelled tomorrow", booking(TOMORROW, "CANCELLED"), "Past"],
    ["recurring, confirmed tomorrow", booking(TOMORROW, "CONFIRMED", { isRecurring: true }), "Upcoming"],
  ] as const)("%s: %s, and only there", (_name, b, expected) => {
    expect(tabsOf(DASHBOARD_TABS, b)).toEqual([expected]);
  });
});

describe("bookingsOfTab", () => {
  const late = booking(TOMORROW, "PENDING", { startTime: "13:00", endTime: "17:00" });
  const early = booking(TOMORROW, "CONFIRMED");
  const later = booking("2026-12-01", "PENDING");
  const old = booking("2026-11-02", "COMPLETED");
  const older = booking("2026-10-15", "CONFIRMED");
  const oldAfternoon = booking("2026-11-02", "COMPLETED", { startTime: "13:00", endTime: "17:00" });

  it("Upcoming: soonest first, by date then start time, whatever the input order", () => {
    const result = bookingsOfTab([later, old, late, early], tabNamed(BOOKINGS_PAGE_TABS, "Upcoming"), TODAY);
    expect(result.map((b) => b.id)).toEqual([early.id, late.id, later.id]);
  });

  it("Past: newest first, by date then start time", () => {
    const result = bookingsOfTab([older, old, later, oldAfternoon], tabNamed(BOOKINGS_PAGE_TABS, "Past"), TODAY);
    expect(result.map((b) => b.id)).toEqual([oldAfternoon.id, old.id, older.id]);
  });

  it("leaves the given list alone", () => {
    const list = [later, early];
    bookingsOfTab(list, tabNamed(BOOKINGS_PAGE_TABS, "Upcoming"), TODAY);
    expect(list).toEqual([later, early]);
  });

  it("reads today in Manila when no day is given", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:30 on the 23rd in UTC is already the 24th in Manila: a booking on the 23rd is past.
    vi.setSystemTime(new Date("2026-11-23T23:30:00Z"));
    const b = booking(TODAY, "CONFIRMED");
    expect(bookingsOfTab([b], tabNamed(BOOKINGS_PAGE_TABS, "Upcoming"))).toEqual([]);
    expect(bookingsOfTab([b], tabNamed(BOOKINGS_PAGE_TABS, "Past"))).toEqual([b]);
    expect(bookingsPageTabOf(b)).toBe(2);
    vi.setSystemTime(new Date("2026-11-23T15:30:00Z"));
    expect(bookingsPageTabOf(b)).toBe(0);
  });
});
