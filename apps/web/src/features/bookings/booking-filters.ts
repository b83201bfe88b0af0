import type { Booking } from "@vam/shared";
import { manilaToday } from "./dates";

const active = (booking: Booking) => booking.status === "PENDING" || booking.status === "CONFIRMED";
const byStart = (a: Booking, b: Booking) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`);
const newestFirst = (a: Booking, b: Booking) => byStart(b, a);

/** The bookings page's tabs with the spec's filters; upcoming soonest first, the rest newest first. */
export const BOOKINGS_PAGE_TABS = [
  { label: "Upcoming", matches: (b: Booking, today: string) => b.date >= today && active(b), order: byStart },
  { label: "Recurring", matches: (b: Booking) => b.isRecurring, order: byStart },
  { label: "Past", matches: (b: Booking, today: string) => b.date < today || b.status === "COMPLETED", order: newestFirst },
  { label: "Cancelled", matches: (b: Booking) => b.status === "CANCELLED", order: newestFirst },
] as const;

/** The dashboard's Past also holds cancelled bookings; Upcoming is everything else. */
const dashboardPast = (b: Booking, today: string) => b.date < today || b.status === "COMPLETED" || b.status === "CANCELLED";
export const DASHBOARD_TABS = [
  { label: "Upcoming", matches: (b: Booking, today: string) => !dashboardPast(b, today), order: byStart },
  { label: "Past", matches: dashboardPast, order: newestFirst },
] as const;

export interface BookingTab {
  label: string;
  matches: (booking: Booking, today: string) => boolean;
  order: (a: Booking, b: Booking) => number;
}

export function bookingsOfTab(bookings: Booking[], tab: BookingTab, today = manilaToday()): Booking[] {
  return bookings.filter((booking) => tab.matches(booking, today)).sort(tab.order);
}

/** The first tab of the bookings page that shows `booking` (for /bookings/{id}). */
export function bookingsPageTabOf(booking: Booking, today = manilaToday()): number {
  return Math.max(
    0,
    BOOKINGS_PAGE_TABS.findIndex((tab) => tab.matches(booking, today)),
  );
}

/** The bookings of one weekly series, in date order (the Recurring tab groups by them). */
export interface SeriesGroup {
  seriesId: string;
  bookings: Booking[];
}

/** `bookings` grouped by series, each group where its first booking comes in `bookings`' order. */
export function seriesGroups(bookings: Booking[]): SeriesGroup[] {
  const groups = new Map<string, Booking[]>();
  for (const booking of bookings) {
    const key = booking.seriesId ?? booking.id;
    groups.set(key, [...(groups.get(key) ?? []), booking]);
  }
  return [...groups].map(([seriesId, members]) => ({ seriesId, bookings: members.sort(byStart) }));
}

/** The dates of a series that "Cancel the rest of the series" would cancel at `now`: open and not started. */
export const restOfSeries = (group: SeriesGroup, now: Date) => group.bookings.filter((b) => active(b) && Date.parse(b.startsAt) > now.getTime());

/** For each series in `bookings`, how many of its dates wait to be accepted and have not started at `now` ("Accept all"). */
export function seriesPendingCounts(bookings: Booking[], now: Date): Map<string, number> {
  const counts = new Map<string, number>();
  for (const booking of bookings) {
    if (booking.seriesId && booking.status === "PENDING" && Date.parse(booking.startsAt) > now.getTime()) {
      counts.set(booking.seriesId, (counts.get(booking.seriesId) ?? 0) + 1);
    }
  }
  return counts;
}
