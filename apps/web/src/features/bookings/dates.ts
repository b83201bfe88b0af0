import { SLOT_STARTS } from "@vam/shared";

const MANILA_OFFSET_MS = 8 * 3600e3;

/** Today's date in Manila (yyyy-MM-dd). */
export function manilaToday(): string {
  return new Date(Date.now() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The current time in Manila (HH:mm). */
export function manilaNow(): string {
  return new Date(Date.now() + MANILA_OFFSET_MS).toISOString().slice(11, 16);
}

/** A yyyy-MM-dd string as a UTC midnight Date (the calendar works in plain dates). */
export function parseIsoDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isWeekend(iso: string): boolean {
  const day = parseIsoDate(iso).getUTCDay();
  return day === 0 || day === 6;
}

const monthTitle = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** "Mon, Nov 23" */
export function formatShortDate(iso: string): string {
  return shortDay.format(parseIsoDate(iso));
}

/** "November 2026" for a month (year, 0-based month). */
export function formatMonth(year: number, month: number): string {
  return monthTitle.format(new Date(Date.UTC(year, month, 1)));
}

/** "13:00" from "09:00" plus 4 hours, wrapping at 24. */
export function addHours(time: string, hours: number): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${String((h + hours) % 24).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

export type SlotStart = (typeof SLOT_STARTS)[number];

export const SLOTS: readonly { start: SlotStart; label: string }[] = [
  { start: SLOT_STARTS[0], label: "Morning" },
  { start: SLOT_STARTS[1], label: "Afternoon" },
];

/** Every date (yyyy-MM-dd) of a month. */
export function daysOfMonth(year: number, month: number): string[] {
  const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => toIsoDate(new Date(Date.UTC(year, month, index + 1))));
}
