import { TIME_ZONE, withYourTime } from "@vam/shared";

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE });
const dayAndTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});
const day = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE });

/**
 * "2:05 PM" today (marketplace time), else "Nov 3, 2:05 PM"; for a viewer whose clock reads
 * otherwise, their own beside it (decisions.md, "Time zones"): "9:05 PM Manila · 5:05 AM your time",
 * with their date where it is not Manila's ("Nov 3, 2:05 PM Manila · Mon, Nov 2, 10:05 PM your time").
 */
export function formatMessageTime(iso: string, zone: string | null | undefined, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const manilaText = day.format(date) === day.format(now) ? time.format(date) : dayAndTime.format(date);
  return withYourTime(manilaText, date, zone);
}
