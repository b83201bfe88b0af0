import { formatLongDate, formatTime, type ConflictingBooking } from "@vam/shared";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";

/** A refused change of time off, announced when it appears: the server's words and the bookings that stand in the way. */
export function TimeOffRefusal({ message, bookings = [] }: { message: string | null; bookings?: readonly ConflictingBooking[] }) {
  if (!message) return null;
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2.5 text-sm text-rose-200">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{message}</span>
      </p>
      {bookings.length > 0 && (
        <ul className="space-y-1.5 pl-6">
          {bookings.map((booking) => (
            <li key={booking.id} className="break-words text-rose-100">
              <span className="font-medium">{formatLongDate(booking.date)}</span>, {formatTime(booking.startTime)} - {formatTime(booking.endTime)}:{" "}
              {booking.clientName}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
