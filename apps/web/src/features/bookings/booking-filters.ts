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
