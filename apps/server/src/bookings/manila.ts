/**
 * Philippine time: UTC+8 all year (no daylight saving), so a fixed offset is exact.
 * Dates ("yyyy-MM-dd") and times ("HH:mm") in the API are Manila local time.
 */
const OFFSET_MS = 8 * 3600_000;

export const manilaInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/** The Manila wall clock of an instant, as a Date whose UTC fields read that wall clock. */
const wallClock = (instant: Date) => new Date(instant.getTime() + OFFSET_MS);

export const manilaDate = (instant: Date) => wallClock(instant).toISOString().slice(0, 10);
export const manilaTime = (instant: Date) => wallClock(instant).toISOString().slice(11, 16);

export function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}
