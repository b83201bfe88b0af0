import { canActOnBooking, type Booking, type BookingParty } from "@vam/shared";

export type BookingMenuAction = "reschedule" | "cancel" | "download" | "complete";

/**
 * The entries of a booking's edit menu on the bookings page, in their order: only what the
 * shared rules allow `party` at `now` (Complete needs a verified payment and a booking that is
 * over). The calendar file is always there: a cancelled booking's file removes the event.
 */
export function bookingMenuActions(booking: Booking, party: BookingParty, now: Date): BookingMenuAction[] {
  const allowed = (action: Exclude<BookingMenuAction, "download">) => canActOnBooking(action, booking, party, now);
  return [
    ...(allowed("reschedule") ? (["reschedule"] as const) : []),
    ...(allowed("cancel") ? (["cancel"] as const) : []),
    "download" as const,
    ...(allowed("complete") ? (["complete"] as const) : []),
  ];
}
