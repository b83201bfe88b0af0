import { manilaInstant } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { BOOKINGS_PAGE_TABS, DASHBOARD_TABS, bookingsOfTab, bookingsPageTabOf } from "../src/features/bookings/booking-filters";
import { googleCalendarLink } from "../src/features/bookings/google-calendar";
import { dashboardActions } from "../src/features/dashboard/dashboard-actions";
import { rescheduleDates, startsFor } from "../src/features/dashboard/reschedule-options";
import { booking, manila } from "./fixtures";

const TODAY = "2026-11-23";

const tab = (tabs: typeof BOOKINGS_PAGE_TABS | typeof DASHBOARD_TABS, label: string) => tabs.find((t) => t.label === label)!;

describe("the bookings page's tabs (spec filters)", () => {
  const future = booking("2026-11-25", "PENDING");
  const todayConfirmed = booking(TODAY, "CONFIRMED");
  const yesterday = booking("2026-11-20", "CONFIRMED");
  const completedAhead = booking("2026-11-26", "COMPLETED");
  const cancelledAhead = booking("2026-11-27", "CANCELLED");
  const recurring = booking("2026-11-30", "PENDING", { isRecurring: true });
  const all = [future, todayConfirmed, yesterday, completedAhead, cancelledAhead, recurring];
  const ids = (label: string) => bookingsOfTab(all, tab(BOOKINGS_PAGE_TABS, label), TODAY).map((b) => b.id);

  it("Upcoming: today or later and pending or confirmed, soonest first", () => {
    expect(ids("Upcoming")).toEqual([todayConfirmed.id, future.id, recurring.id]);
  });
  it("Recurring: recurring bookings only", () => {
    expect(ids("Recurring")).toEqual([recurring.id]);
  });
  it("Past: an earlier date or completed, newest first", () => {
    expect(ids("Past")).toEqual([completedAhead.id, yesterday.id]);
  });
  it("Cancelled: cancelled only", () => {
    expect(ids("Cancelled")).toEqual([cancelledAhead.id]);
  });
  it("opens /bookings/{id} on the first tab that shows the booking", () => {
    expect([future, recurring, yesterday, completedAhead, cancelledAhead].map((b) => bookingsPageTabOf(b, TODAY))).toEqual([0, 0, 2, 2, 3]);
  });
  it("the dashboard's Past also holds cancelled bookings, and Upcoming everything else", () => {
    expect(bookingsOfTab(all, tab(DASHBOARD_TABS, "Past"), TODAY).map((b) => b.id)).toEqual([cancelledAhead.id, completedAhead.id, yesterday.id]);
    expect(bookingsOfTab(all, tab(DASHBOARD_TABS, "Upcoming"), TODAY).map((b) => b.id)).toEqual([todayConfirmed.id, future.id, recurring.id]);
  });
});

describe("the dashboard's actions (spec: only to whom they are allowed)", () => {
  it.each([
    ["PENDING", "consultant", ["accept", "decline"]],
    ["PENDING", "client", ["reschedule", "cancel"]],
    ["CONFIRMED", "consultant", ["chat", "complete"]],
    ["CONFIRMED", "client", ["chat", "reschedule"]],
    ["COMPLETED", "consultant", []],
    ["COMPLETED", "client", []],
    ["CANCELLED", "consultant", []],
    ["CANCELLED", "client", []],
  ] as const)("%s as %s: %j", (status, party, expected) => {
    // Paid and over: only the status and the party decide.
    expect(dashboardActions(booking(TODAY, status, { paymentStatus: "PAID" }), party, manila(TODAY, "14:00"))).toEqual(expected);
  });
});

describe("the dashboard's reschedule choices", () => {
  it("offers the weekdays among the next 14 days", () => {
    expect(rescheduleDates(4, manilaInstant(TODAY, "00:00"))).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
  });
  const half = booking("2026-11-25", "PENDING");
  const fullDay = booking("2026-11-25", "PENDING", { endTime: "17:00", duration: 8 });
  it("gives a full day only the morning, and only when both slots are free", () => {
    expect(startsFor(half, "2026-11-24", ["09:00", "13:00"])).toEqual(["09:00", "13:00"]);
    expect(startsFor(half, "2026-11-24", ["13:00"])).toEqual(["13:00"]);
    expect(startsFor(fullDay, "2026-11-24", ["09:00", "13:00"])).toEqual(["09:00"]);
    expect(startsFor(fullDay, "2026-11-24", ["09:00"])).toEqual([]);
  });
  it("offers the booking's own slot on its own day (the server counts it as taken)", () => {
    expect(startsFor(half, "2026-11-25", [])).toEqual(["09:00"]);
    expect(startsFor(half, "2026-11-25", ["13:00"])).toEqual(["09:00", "13:00"]);
    expect(startsFor(booking("2026-11-25", "PENDING", { startTime: "13:00", endTime: "17:00" }), "2026-11-25", [])).toEqual(["13:00"]);
    expect(startsFor(fullDay, "2026-11-25", [])).toEqual(["09:00"]);
    expect(startsFor(half, "2026-11-26", [])).toEqual([]);
  });
});

describe("Add to Calendar", () => {
  it("links Google Calendar to the booking's real Manila start and end", () => {
    const link = new URL(
      googleCalendarLink(booking("2026-11-24", "CONFIRMED", { startTime: "09:00", endTime: "17:00", duration: 8 }), "Maria Santos"),
    );
    expect(link.origin + link.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(link.searchParams.get("dates")).toBe("20261124T090000/20261124T170000");
    expect(link.searchParams.get("ctz")).toBe("Asia/Manila");
    expect(link.searchParams.get("text")).toBe("Morning call meeting with Maria Santos");
    expect(link.searchParams.get("location")).toBe("Online");
  });
});
