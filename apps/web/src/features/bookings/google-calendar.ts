import { callKind, type Booking } from "@vam/shared";

const compact = (date: string, time: string) => `${date.replaceAll("-", "")}T${time.replace(":", "")}00`;

/** A Google Calendar "add event" link for a booking, in Manila time as the booking is. */
export function googleCalendarLink(booking: Booking, otherName: string): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: `${callKind(booking.startTime)} with ${otherName}`,
    dates: `${compact(booking.date, booking.startTime)}/${compact(booking.date, booking.endTime)}`,
    ctz: "Asia/Manila",
    details: `${booking.duration}-hour booking with ${otherName}`,
    location: "Online",
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
