import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/** Monday, November 23, 2026, 08:00 in Manila: a weekday morning, so that no test depends on the time it runs. */
export const NOW = new Date("2026-11-23T08:00:00+08:00");

/** Fixes the clock (only `Date`: timers stay real) at NOW for each test of the file, and unmounts what it rendered. */
export function fixClockAtManilaMorning() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
