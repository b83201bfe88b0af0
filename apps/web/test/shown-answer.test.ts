import { describe, expect, it } from "vitest";
import { shownAnswer } from "../src/features/bookings/shown-answer";
import type { Result } from "../src/lib/result";

type Times = { date: string; starts: string[] };
const answer = (date: string, ...starts: string[]): Result<Times> => ({ ok: true, data: { date, starts } });
const failed: Result<Times> = { ok: false, status: 500, message: "Could not fetch available times. Please try again." };
const forDay = (date: string) => (times: Times) => times.date === date;

describe("shownAnswer: what a fetcher's place shows for the choice on screen", () => {
  it("shows nothing while nothing is chosen, whatever the fetcher holds", () => {
    expect(shownAnswer({ state: "idle" }, null)).toEqual({ state: "idle" });
    expect(shownAnswer({ state: "idle", data: answer("2026-11-25", "09:00") }, null)).toEqual({ state: "idle" });
  });

  it("is loading until the first answer arrives", () => {
    expect(shownAnswer<Times>({ state: "loading" }, forDay("2026-11-25"))).toEqual({ state: "loading" });
    expect(shownAnswer<Times>({ state: "idle" }, forDay("2026-11-25"))).toEqual({ state: "loading" });
  });

  it("shows the answer for the choice, also while it is read again (no flicker after a write or a socket event)", () => {
    const data = { date: "2026-11-25", starts: ["09:00"] };
    expect(shownAnswer({ state: "idle", data: answer("2026-11-25", "09:00") }, forDay("2026-11-25"))).toEqual({ state: "ready", data });
    expect(shownAnswer({ state: "loading", data: answer("2026-11-25", "09:00") }, forDay("2026-11-25"))).toEqual({ state: "ready", data });
  });

  it("never shows the answer for an earlier choice: loading until the new one arrives", () => {
    expect(shownAnswer({ state: "loading", data: answer("2026-11-25", "09:00") }, forDay("2026-11-26"))).toEqual({ state: "loading" });
    expect(shownAnswer({ state: "idle", data: answer("2026-11-25", "09:00") }, forDay("2026-11-26"))).toEqual({ state: "loading" });
  });

  it("shows a failure once the read has settled, and loading while it is tried again", () => {
    expect(shownAnswer({ state: "idle", data: failed }, forDay("2026-11-25"))).toEqual({ state: "failed" });
    expect(shownAnswer({ state: "loading", data: failed }, forDay("2026-11-25"))).toEqual({ state: "loading" });
  });
});
