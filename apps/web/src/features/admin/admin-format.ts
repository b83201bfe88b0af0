import { TIME_ZONE, hoursWithYourTime, type AdminBooking, type AdminPerson } from "@vam/shared";

/** "Maria Santos" */
export function personName(person: Pick<AdminPerson, "firstName" | "lastName">): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** How long a payment has waited: "Under 1 hour", "1 hour", "5 hours", "3 days". */
export function formatAge(hours: number): string {
  if (hours < 1) return "Under 1 hour";
  if (hours < 48) return hours === 1 ? "1 hour" : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayDate = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const manilaDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: TIME_ZONE });
const manilaDateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});

/** "Nov 23" from the calendar date "2026-11-23" (a chart's week). */
export function formatShortDate(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "Mon, Nov 23, 2026" from the calendar date "2026-11-23". */
export function formatDay(isoDate: string): string {
  return dayDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "Nov 23, 2026": the Manila date of a moment. */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : manilaDate.format(date);
}

/** "Nov 23, 2026, 9:05 AM": the Manila date and time of a moment. */
export function formatMomentTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : manilaDateTime.format(date);
}

/**
 * "9:00 AM – 1:00 PM" of a booking's Manila date, with the operator's own clock beside it where it
 * differs (decisions.md, "Time zones"): "9:00 AM – 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM
 * your time". Nothing is added for an operator in Manila (or with no zone given).
 */
export const bookingHours = (booking: Pick<AdminBooking, "date" | "startTime" | "endTime">, zone: string | null | undefined): string =>
  hoursWithYourTime(booking, zone, " – ");

/** What each recorded operator action did, as a person reads it. */
const ACTION_LABELS: Record<string, string> = {
  "payment.received": "Payment marked received",
  "payment.rejected": "Payment marked not received",
  "user.suspended": "Account suspended",
  "user.restored": "Account restored",
  "user.promoted": "Made operator",
  "review.hidden": "Review hidden",
  "review.shown": "Review shown",
  "payment.qr.set": "Payment QR code set",
  "statement.imported": "Statement imported",
  "statement.confirmed": "Statement line confirmed",
  "payout.batch.run": "Payout batch run",
  "refund.batch.run": "Refund batch run",
  "payout.line.sent": "Payout line marked sent",
  "payout.line.failed": "Payout line marked failed",
  "booking.cancelled": "Booking cancelled",
};

export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "none";
  // A moment is read in Manila time, like every other date of the console.
  if (typeof value === "string") return MOMENT.test(value) ? formatMomentTime(value) || value : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * A recorded before or after state as short lines: "key: value" for each field of an object,
 * the value itself otherwise; none for an empty state.
 */
export function auditStateLines(state: unknown): string[] {
  if (state === null || state === undefined) return [];
  if (typeof state === "object" && !Array.isArray(state)) {
    return Object.entries(state as Record<string, unknown>).map(([key, value]) => `${key}: ${valueText(value)}`);
  }
  return [valueText(state)];
}
