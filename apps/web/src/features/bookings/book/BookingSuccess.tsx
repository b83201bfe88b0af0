import type { Booking, ConsultantSummary } from "@vam/shared";
import CheckCircle2 from "lucide-react/icons/circle-check";
import { Link } from "react-router";

interface BookingSuccessProps {
  booking: Booking;
  consultant: ConsultantSummary;
  name: string;
}

/** Step 4 of booking: done, where to find it, and the chat that was started. */
export function BookingSuccess({ booking, consultant, name }: BookingSuccessProps) {
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
      <p className="text-sm text-slate-400">
        You can find the details under{" "}
        <Link to="/bookings" className="link">
          My Bookings
        </Link>
        .
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
