import { formatLongDate, hoursWithYourTime, type ConflictingBooking } from "@vam/shared";
import { RefusalAlert } from "../../components/RefusalAlert";
import { useTimeZone } from "../auth/public";

/** A refused change of time off, announced when it appears: the server's words and the bookings that stand in the way. */
export function TimeOffRefusal({ message, bookings = [] }: { message: string | null; bookings?: readonly ConflictingBooking[] }) {
  const zone = useTimeZone();
  if (!message) return null;
  return (
    <RefusalAlert message={message}>
      {bookings.map((booking) => (
        <li key={booking.id} className="break-words text-rose-100">
          <span className="font-medium">{formatLongDate(booking.date)}</span>, {hoursWithYourTime(booking, zone)}: {booking.clientName}
        </li>
      ))}
    </RefusalAlert>
  );
}
