import { manilaInstant, readsAsManila, type AdminBooking } from "@vam/shared";
import { useTimeZone } from "../auth/public";
import { bookingHours } from "./admin-format";

/**
 * A booking's hours under its date in a table's cell: Manila's on one line, or, where the
 * operator's clock differs, both clocks (`bookingHours`), wrapped at a readable width.
 */
export function BookingHours({ booking, className = "" }: { booking: Pick<AdminBooking, "date" | "startTime" | "endTime">; className?: string }) {
  const zone = useTimeZone();
  const bothClocks = !readsAsManila(manilaInstant(booking.date, booking.startTime), zone);
  return (
    <span className={`text-xs text-slate-400 ${bothClocks ? "min-w-52" : "whitespace-nowrap"} ${className}`}>{bookingHours(booking, zone)}</span>
  );
}
