import { formatLongDate, type Booking, type ConsultantSummary } from "@vam/shared";
import CheckCircle2 from "lucide-react/icons/circle-check";
import { Link } from "react-router";

interface BookingSuccessProps {
  /** The booking made, or every date of the weekly series made. */
  bookings: Booking[];
  consultant: ConsultantSummary;
  name: string;
}

/** Step 4 of booking: done, where to find it (a series: under Recurring), and the chat that was started. */
export function BookingSuccess({ bookings, consultant, name }: BookingSuccessProps) {
  const booking = bookings[0]!;
  const consultantId = booking.consultantId;
  return (
    <section className="card space-y-4 p-6 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-400" />
      <h2 tabIndex={-1} className="text-2xl font-bold text-white">
        Booking Successful!
      </h2>
      <p className="text-slate-300">Your booking has been confirmed with {name}.</p>
      <p className="text-sm text-slate-400">
        Booking ID: <span className="font-mono text-slate-200">{booking.id}</span>
      </p>
      {bookings.length > 1 && (
        <p className="text-slate-300">
          {bookings.length} weekly dates, from {formatLongDate(booking.date)} to {formatLongDate(bookings[bookings.length - 1]!.date)}.
        </p>
      )}
      <p className="text-sm text-slate-400">
        You can find the details under{" "}
        <Link to="/bookings" className="link">
          My Bookings
        </Link>
        {bookings.length > 1 && ", in the Recurring tab"}.
      </p>
      <p className="text-sm text-slate-400">
        An initial chat with {consultant.firstName} has been started, and the assistant has already confirmed your booking.
      </p>
      <Link to={`/chat/${consultantId}`} className="btn-primary">
        Proceed to Chat
      </Link>
    </section>
  );
}
