import { TIME_ZONE, formatPeso } from "@vam/shared";

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: TIME_ZONE });

/** "March 2025"; empty when the date is missing or unreadable. */
export function formatMonthYear(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : monthYear.format(date);
}

/** "₱1,250/hr" */
export function formatHourlyRate(rate: number): string {
  return `${formatPeso(rate)}/hr`;
}

const mediumDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: TIME_ZONE });

/** "Nov 22, 2026" (Manila) from an instant; empty when missing or unreadable. */
export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return "";
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : mediumDate.format(date);
}
