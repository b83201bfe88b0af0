import { createEvent } from "ics";
import { callKind, formatPeso, manilaDate, manilaTime } from "@vam/shared";
import type { BookingWithParties } from "./queries.js";

/** "Maria-Pena-2026-11-23.ics": ASCII only, so every browser and file system keeps it. */
export function calendarFileName(firstName: string, lastName: string, date: string) {
  const ascii = `${firstName} ${lastName}`
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${ascii || "booking"}-${date}.ics`;
}

/**
 * An emailed invitation (METHOD:REQUEST, RFC 5546): the platform's address organizes, the
 * recipient attends. Without it, the downloaded file (METHOD:PUBLISH).
 */
export interface CalendarInvite {
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/**
 * The booking as an iCalendar file for `viewerId`. One UID per booking and its SEQUENCE
 * (raised on every reschedule and on cancellation) let calendar apps update the event they
 * imported; a cancelled booking is a METHOD:CANCEL file that removes it. The downloaded file has
 * no ORGANIZER (it needs an address, and users' addresses are not shared); an emailed one is an
 * `invite` from the platform's address to the recipient's own.
 */
export function bookingCalendar(
  { booking, client, consultant }: BookingWithParties,
  viewerId: string,
  publicUrl: string | undefined,
  invite?: CalendarInvite,
) {
  const other = viewerId === client.id ? consultant : client;
  const date = manilaDate(booking.startsAt);
  const cancelled = booking.status === "CANCELLED";
  const { error, value } = createEvent({
    productId: "va-marketplace/bookings",
    method: cancelled ? "CANCEL" : invite ? "REQUEST" : "PUBLISH",
    ...(invite && {
      organizer: invite.organizer,
      attendees: [{ ...invite.attendee, rsvp: false, partstat: "ACCEPTED", role: "REQ-PARTICIPANT" }],
    }),
    uid: `booking-${booking.id}@va-marketplace`,
    sequence: booking.sequence,
    start: booking.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: booking.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${callKind(manilaTime(booking.startsAt))} with ${other.firstName} ${other.lastName}`,
    description: `${booking.duration} hours with ${consultant.firstName} ${consultant.lastName} for ${client.firstName} ${client.lastName}, ${formatPeso(booking.price)}.`,
    location: "Online",
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    ...(publicUrl ? { url: `${publicUrl.replace(/\/$/, "")}/bookings/${booking.id}` } : {}),
  });
  if (error || !value) throw error ?? new Error("calendar file could not be made");
  return { fileName: calendarFileName(other.firstName, other.lastName, date), body: value };
}
