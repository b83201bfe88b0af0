import { TIME_ZONE, formatPeso } from "@vam/shared";

/*
 * The formatters are made at their first use, once, not when a page's module loads: the first Intl
 * object of a page costs tens of milliseconds of the main thread (decision 0004, 2026-11-26).
 */
let monthYear: Intl.DateTimeFormat | undefined;
let mediumDate: Intl.DateTimeFormat | undefined;

/** "March 2025"; empty when the date is missing or unreadable. */
export function formatMonthYear(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  monthYear ??= new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: TIME_ZONE });
  return monthYear.format(date);
}

/** "₱1,250/hr" */
export function formatHourlyRate(rate: number): string {
  return `${formatPeso(rate)}/hr`;
}

/** "Nov 22, 2026" (Manila) from an instant; empty when missing or unreadable. */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return "";
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  mediumDate ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: TIME_ZONE });
  return mediumDate.format(date);
}
