import { TIME_ZONE } from "@vam/shared";

const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE });
const dayAndTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});
const day = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE });

/** "2:05 PM" today (marketplace time), else "Nov 3, 2:05 PM". */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return day.format(date) === day.format(now) ? time.format(date) : dayAndTime.format(date);
}
