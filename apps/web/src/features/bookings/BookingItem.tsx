import { callKind, formatLongDate, formatTime, type Booking } from "@vam/shared";
import CalendarCheck from "lucide-react/icons/calendar-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import Clock from "lucide-react/icons/clock";
import Download from "lucide-react/icons/download";
import Info from "lucide-react/icons/info";
import Video from "lucide-react/icons/video";
import XCircle from "lucide-react/icons/circle-x";
import { IconText } from "../../components/IconText";
import { UserAvatar } from "../../components/UserAvatar";
import { BookingReviews } from "../reviews/public";
import { BothClocks } from "./BothClocks";
import { BookingEditMenu, type BookingMenuItem } from "./BookingEditMenu";
import { BookingRefund } from "./BookingRefund";
import { BookingStatusBadge } from "./BookingStatusBadge";
import { PaymentBadge, PaymentReference, PaymentWarning } from "./PaymentBadge";
import { ReceiptLink } from "./ReceiptLink";
import { bookingMenuActions, type BookingMenuAction } from "./booking-menu";
import { fullName, otherPerson, partyIn } from "./booking-party";
import { cancelReasonText, completeWaitsForPayment, showsPaymentReference, showsPaymentStatus } from "./booking-payment";
import { parseIsoDate } from "./dates";
import { googleCalendarLink } from "./google-calendar";

export type BookingsView = "consultations" | "made";

export interface BookingActions {
  onReschedule: (booking: Booking) => void;
  onCancel: (booking: Booking) => void;
  onComplete: (booking: Booking) => void;
  onDownload: (booking: Booking) => void;
  onReview: (booking: Booking) => void;
}

interface BookingItemProps extends BookingActions {
  booking: Booking;
  userId: string;
  view: BookingsView;
  /** The booking of /bookings/{id}. */
  highlighted?: boolean;
  /** An action on this booking is running. */
  busy?: boolean;
  /** Whether the user has a payout account, where a client's refunds go (null or undefined: not known). */
  refundAccount?: boolean | null;
  /** The viewer's zone: the time gives their own beside Manila's where it differs. */
  zone?: string | null;
}

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** The id of a booking's element on the page (to scroll to it). */
export const bookingElementId = (id: string) => `booking-${id}`;

/** One booking of the bookings page: date, kind of call, the other person, time, place, avatars and actions. */
export function BookingItem({
  booking,
  userId,
  view,
  highlighted = false,
  busy = false,
  refundAccount,
  zone,
  onReschedule,
  onCancel,
  onComplete,
  onDownload,
  onReview,
}: BookingItemProps) {
  const party = partyIn(booking, userId);
  const me = party === "consultant" ? booking.consultant : booking.user;
  const other = otherPerson(booking, userId);
  const otherName = fullName(other);
  const day = parseIsoDate(booking.date);
  const completed = booking.status === "COMPLETED";
  const active = booking.status === "PENDING" || booking.status === "CONFIRMED";

  const reason = cancelReasonText(booking);
  // The browser's clock at render: Complete appears once the booking is over (and paid).
  const now = new Date();
  const unpaidOver = completeWaitsForPayment(booking, party, now);

  const entries: Record<BookingMenuAction, BookingMenuItem> = {
    reschedule: { label: "Reschedule booking", icon: CalendarClock, onSelect: () => onReschedule(booking) },
    cancel: { label: "Cancel booking", icon: XCircle, onSelect: () => onCancel(booking), danger: true },
    // A cancelled booking's file is a cancellation that removes the event from the calendar.
    download: { label: "Download to Calendar", icon: Download, onSelect: () => onDownload(booking) },
    complete: { label: "Complete booking", icon: CalendarCheck, onSelect: () => onComplete(booking) },
  };
  const menuItems = bookingMenuActions(booking, party, now).map((action) => entries[action]);

  return (
    <article
      id={bookingElementId(booking.id)}
      aria-label={`Booking with ${otherName} on ${formatLongDate(booking.date)}`}
      aria-busy={busy || undefined}
      className={`card p-4 transition-shadow sm:p-5 ${highlighted ? "ring-2 ring-teal-400 ring-offset-2 ring-offset-slate-950" : ""}`}
    >
      <div className={`flex gap-3 sm:gap-5 ${booking.status === "CANCELLED" ? "opacity-80" : ""}`}>
        <div
          aria-hidden="true"
          className="flex h-16 w-14 shrink-0 flex-col items-center justify-center rounded-xl border border-teal-500/30 bg-teal-500/10 sm:w-16"
        >
          <span className="text-xs font-semibold uppercase tracking-wide text-teal-300">{monthFormat.format(day)}</span>
          <span className="text-2xl font-bold leading-none text-white">{day.getUTCDate()}</span>
        </div>

        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="font-semibold text-white">{callKind(booking.startTime)}</p>
            <BookingStatusBadge status={booking.status} />
            {showsPaymentStatus(booking) && <PaymentBadge status={booking.paymentStatus} />}
          </div>
          {reason && (
            <IconText icon={Info} iconClassName="text-rose-300" className="text-sm text-slate-300">
              {reason}
            </IconText>
          )}
          <p className="truncate text-sm text-slate-300">
            <span className="text-slate-400">with </span>
            <span className="font-medium text-slate-100">{otherName}</span>
          </p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-400">
            <span className="inline-flex items-start gap-1.5">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-400" />
              <span>
                <BothClocks
                  manila={`${formatTime(booking.startTime)} - ${formatTime(booking.endTime)}`}
                  start={booking.startsAt}
                  end={booking.endsAt}
                  zone={zone}
                  stacked
                />
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Video aria-hidden="true" className="size-4 text-teal-400" />
              Online
            </span>
          </p>
          {view === "made" && active && (
            <a
              href={googleCalendarLink(booking, otherName)}
              target="_blank"
              rel="noopener noreferrer"
              className="link inline-flex items-center gap-1.5 pt-1 text-sm"
            >
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add to Calendar
              <span className="sr-only"> (opens Google Calendar in a new tab)</span>
            </a>
          )}
          {showsPaymentReference(booking, party) && <PaymentReference reference={booking.paymentReference} />}
          <ReceiptLink booking={booking} party={party} />
          {unpaidOver && <PaymentWarning>{unpaidOver}</PaymentWarning>}
        </div>

        <div className="flex shrink-0 flex-col items-end justify-between gap-3">
          {completed ? <span className="size-10" aria-hidden="true" /> : <BookingEditMenu items={menuItems} disabled={busy} />}
          <div className="flex -space-x-2">
            <UserAvatar src={me.avatar} alt={`You (${fullName(me)})`} className="size-9 ring-slate-900" />
            <UserAvatar src={other.avatar} alt={otherName} className="size-9 ring-slate-900" />
          </div>
        </div>
      </div>

      {booking.refund && <BookingRefund refund={booking.refund} party={party} refundAccount={refundAccount} className="mt-4" />}

      <BookingReviews booking={booking} other={other} onWrite={onReview} disabled={busy} className="mt-4 border-t border-slate-800 pt-4" />
    </article>
  );
}
