import { MSG, formatLongDate, formatPeso, hoursWithYourTime, readsAsManila, type Booking } from "@vam/shared";
import Ban from "lucide-react/icons/ban";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarDays from "lucide-react/icons/calendar-days";
import Check from "lucide-react/icons/check";
import CheckCheck from "lucide-react/icons/check-check";
import Clock from "lucide-react/icons/clock";
import Hourglass from "lucide-react/icons/hourglass";
import Info from "lucide-react/icons/info";
import MessageSquare from "lucide-react/icons/message-square";
import Wallet from "lucide-react/icons/wallet";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { Link } from "react-router";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { IconText } from "../../components/IconText";
import { UserAvatar } from "../../components/UserAvatar";
import {
  fullName,
  otherPerson,
  partyIn,
  useBookingChange,
  type TargetStatus,
  BookingStatusBadge,
  PaymentBadge,
  PaymentReference,
  PaymentWarning,
  cancelReasonText,
  completeWaitsForPayment,
  showsPaymentReference,
  showsPaymentStatus,
  useLocalUpdates,
  seriesChangeHref,
  type SeriesChange,
  BookingRefund,
  CancelQuote,
  useCancelQuote,
} from "../bookings/public";
import { useTimeZone } from "../auth/public";
import { AcceptPaymentNote, Fact } from "./DashboardCardParts";
import { DashboardRescheduleModal } from "./DashboardRescheduleModal";
import { BookingReviews, ReviewDialog } from "../reviews/public";
import { dashboardActions } from "./dashboard-actions";
import { pageHref, CHAT_PAGE } from "../../lib/page-routes";

const hours = (count: number) => `${count} hour${count === 1 ? "" : "s"}`;

/** The two irreversible actions, asked about first. */
const CONFIRMATIONS = {
  decline: { title: "Decline Booking", question: MSG.confirmDecline, yes: MSG.yesDecline },
  cancel: { title: "Cancel Booking", question: MSG.confirmCancel, yes: MSG.yesCancel },
} as const;

interface DashboardCardProps {
  booking: Booking;
  userId: string;
  /** Dates of this booking's weekly series the Assistant could accept at once (pending, not started). */
  seriesPending?: number;
}

/**
 * One booking of the dashboard. Its changes and reviews go through route actions, after which
 * React Router reads the list again (docs/decisions/0004-data-loading-on-the-web.md).
 */
export function DashboardCard({ booking: loaded, userId, seriesPending = 0 }: DashboardCardProps) {
  // The booking the server sent back after a review, until the list is loaded again.
  const [latest, remember] = useLocalUpdates(loaded);
  const booking = latest(loaded);
  const party = partyIn(booking, userId);
  const other = otherPerson(booking, userId);
  const name = fullName(other);
  // The browser's clock at render: Complete is offered once the booking is paid and over.
  const now = new Date();
  const actions = dashboardActions(booking, party, now);
  const unpaidOver = completeWaitsForPayment(booking, party, now);
  const reason = cancelReasonText(booking);
  const [asking, setAsking] = useState<keyof typeof CONFIRMATIONS | null>(null);
  // What declining or cancelling would give back, loaded as the question opens.
  const quote = useCancelQuote();
  const ask = (which: keyof typeof CONFIRMATIONS) => {
    setAsking(which);
    quote.load({ kind: "booking", id: booking.id });
  };
  const [rescheduling, setRescheduling] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  // Accept, decline, cancel and complete go through the booking's route action; the list's loader then runs again.
  const { submit, busyId } = useBookingChange(() => setAsking(null));
  // A weekly series is accepted at once, through its own route action.
  const seriesChange = useActionFetcher<Booking[]>();
  const busy = busyId === booking.id || seriesChange.busy;
  const acceptSeries = booking.seriesId && actions.includes("accept") && seriesPending >= 2 ? booking.seriesId : null;
  const acceptAll = (seriesId: string) => {
    const change: SeriesChange = { intent: "accept" };
    void seriesChange.submit(change, "post", seriesChangeHref(seriesId));
  };
  const changeStatus = (status: TargetStatus) => submit(booking, { intent: "status", status, failure: MSG.bookingStatusFailed });

  const question = asking && CONFIRMATIONS[asking];
  // The time in both clocks where the viewer's differs from Manila's: then it takes the card's full width.
  const zone = useTimeZone();
  const bothClocks = !readsAsManila(booking.startsAt, zone);

  return (
    <article aria-label={`Booking with ${name} on ${formatLongDate(booking.date)}`} className="card flex h-full flex-col gap-5 p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 grow items-center gap-3">
          <UserAvatar src={other.avatar} alt="" className="size-12" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-white">{name}</p>
            <p className="text-xs text-slate-400">{party === "consultant" ? "Your client" : "Your assistant"}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5 sm:flex-col sm:items-end">
          <BookingStatusBadge status={booking.status} />
          {showsPaymentStatus(booking) && <PaymentBadge status={booking.paymentStatus} />}
        </div>
      </header>

      {reason && (
        <IconText icon={Info} iconClassName="text-rose-300" className="-mt-2 text-sm text-slate-300">
          {reason}
        </IconText>
      )}

      {booking.refund && <BookingRefund refund={booking.refund} party={party} className="-mt-2" />}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Fact icon={CalendarDays} label="Date" value={formatLongDate(booking.date)} wide />
        <Fact icon={Clock} label="Time" value={hoursWithYourTime(booking, zone)} wide={bothClocks} />
        <Fact icon={Hourglass} label="Duration" value={hours(booking.duration)} />
        <Fact icon={Wallet} label="Price" value={formatPeso(booking.price)} />
      </dl>

      {showsPaymentReference(booking, party) && <PaymentReference reference={booking.paymentReference} />}

      {actions.length > 0 && (
        <div className="mt-auto space-y-3 border-t border-slate-800 pt-4">
          {actions.includes("accept") && <AcceptPaymentNote paid={booking.paymentStatus === "PAID"} />}
          {unpaidOver && <PaymentWarning>{unpaidOver}</PaymentWarning>}
          <div className="flex flex-wrap gap-2">
            {actions.includes("accept") && (
              <button type="button" className="btn-primary" disabled={busy} onClick={() => changeStatus("CONFIRMED")}>
                <Check aria-hidden="true" className="size-4" />
                Accept
              </button>
            )}
            {acceptSeries && (
              <button type="button" className="btn-primary" disabled={busy} onClick={() => acceptAll(acceptSeries)}>
                <CheckCheck aria-hidden="true" className="size-4" />
                {MSG.seriesAcceptAll(seriesPending)}
              </button>
            )}
            {actions.includes("decline") && (
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => ask("decline")}>
                <X aria-hidden="true" className="size-4" />
                Decline
              </button>
            )}
            {actions.includes("chat") && (
              <Link to={pageHref(CHAT_PAGE, { userId: other.id })} className="btn-secondary">
                <MessageSquare aria-hidden="true" className="size-4" />
                Chat
              </Link>
            )}
            {actions.includes("complete") && (
              <button type="button" className="btn-primary" disabled={busy} onClick={() => changeStatus("COMPLETED")}>
                <CheckCheck aria-hidden="true" className="size-4" />
                Complete
              </button>
            )}
            {actions.includes("reschedule") && (
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => setRescheduling(true)}>
                <CalendarClock aria-hidden="true" className="size-4" />
                Reschedule
              </button>
            )}
            {actions.includes("cancel") && (
              <button type="button" className="btn-ghost text-rose-300 hover:text-rose-200" disabled={busy} onClick={() => ask("cancel")}>
                <Ban aria-hidden="true" className="size-4" />
                Cancel
              </button>
            )}
          </div>
        </div>
      )}

      <BookingReviews booking={booking} other={other} onWrite={() => setReviewing(true)} className="mt-auto border-t border-slate-800 pt-4" />

      <ConfirmDialog
        open={question !== null}
        title={question ? question.title : ""}
        confirmLabel={question ? question.yes : ""}
        cancelLabel={MSG.keepBooking}
        busy={busy}
        onConfirm={() => changeStatus("CANCELLED")}
        onCancel={() => setAsking(null)}
      >
        <p>{question?.question}</p>
        {asking && (
          <CancelQuote shown={quote.shown({ kind: "booking", id: booking.id })} party={party} listedPaid={booking.paymentStatus === "PAID"} />
        )}
      </ConfirmDialog>

      {rescheduling && <DashboardRescheduleModal booking={booking} onClose={() => setRescheduling(false)} />}

      {reviewing && <ReviewDialog booking={booking} otherName={name} onSubmitted={remember} onClose={() => setReviewing(false)} />}
    </article>
  );
}
