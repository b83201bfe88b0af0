import { describe, expect, it } from "vitest";
import { restOfSeries, seriesGroups, seriesPendingCounts } from "../src/features/bookings/booking-filters";
import { booking, manila } from "./fixtures";

const series = (id: string, date: string, status: Parameters<typeof booking>[1] = "PENDING") =>
  booking(date, status, { seriesId: id, isRecurring: true });

describe("the Recurring tab's groups", () => {
  it("groups the dates of each series in date order, each group where its first date comes", () => {
    const a2 = series("a", "2026-12-14");
    const b1 = series("b", "2026-12-08");
    const a1 = series("a", "2026-12-07");
    const groups = seriesGroups([a2, b1, a1]);
    expect(groups.map((g) => [g.seriesId, g.bookings.map((b) => b.date)])).toEqual([
      ["a", ["2026-12-07", "2026-12-14"]],
      ["b", ["2026-12-08"]],
    ]);
  });

  it("'the rest of the series' is every open date not started yet", () => {
    const now = manila("2026-12-07", "10:00");
    const group = {
      seriesId: "a",
      bookings: [
        series("a", "2026-12-07"), // started at 09:00
        series("a", "2026-12-14", "CONFIRMED"),
        series("a", "2026-12-21", "CANCELLED"),
        series("a", "2026-12-28"),
      ],
    };
    expect(restOfSeries(group, now).map((b) => b.date)).toEqual(["2026-12-14", "2026-12-28"]);
  });
});

describe("Accept all on the dashboard", () => {
  it("counts each series' pending dates that have not started", () => {
    const now = manila("2026-12-07", "10:00");
    const counts = seriesPendingCounts(
      [
        series("a", "2026-12-07"),
        series("a", "2026-12-14"),
        series("a", "2026-12-21"),
        series("a", "2026-12-28", "CONFIRMED"),
        series("b", "2026-12-08"),
        booking("2026-12-09", "PENDING"),
      ],
      now,
    );
    expect([...counts]).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
  });
});
