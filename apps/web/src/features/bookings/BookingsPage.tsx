import { MSG, formatLongDate, formatTime, type Booking, type RescheduleInput } from "@vam/shared";
import Briefcase from "lucide-react/icons/briefcase";
import CalendarDays from "lucide-react/icons/calendar-days";
import { Suspense, useEffect, useState } from "react";
import { Await, useFetcher, useLoaderData, useParams, useRevalidator } from "react-router";
import { toast } from "sonner";
import { serverMessageOr } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Tabs } from "../../components/Tabs";
import { ToggleGroup } from "../../components/ToggleGroup";
import { useAuth, useTimeZone } from "../auth/public";
import { ReviewDialog } from "../reviews/public";
import { bookingElementId, type BookingActions, type BookingsView } from "./BookingItem";
import { BookingRescheduleModal } from "./BookingRescheduleModal";
import { BookingsLoadFailed, BookingsLoading } from "./BookingsLoadStates";
import { BOOKINGS_PAGE_TABS, bookingsPageTabOf, restOfSeries, type SeriesGroup } from "./booking-filters";
import { fullName, otherPerson, partyIn } from "./booking-party";
import { CancelQuote } from "./CancelQuote";
import { useCancelQuote } from "./useCancelQuote";
import { downloadBookingCalendar } from "./bookings-api";
import { useBookingChange } from "./useBookingChange";
import type { BookingsPageData, bookingsLoader } from "./bookings-loader";
import type { DateTime } from "./DateTimePicker";
import { useNow } from "../../lib/useNow";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useLiveBookings } from "./useLiveBookings";
import { useLocalUpdates } from "./useLocalUpdates";
import type { Result } from "../../lib/result";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { BookingsTabPanel } from "./BookingsTabPanel";
import type { HeldSlots, SeriesChange } from "./bookings-data";
import { bookingsData, seriesChangeHref } from "./bookings-routes";
import { shownAnswer } from "./shown-answer";

const VIEWS = [
  { value: "consultations", label: "My Consultations", icon: Briefcase },
  { value: "made", label: "My Bookings", icon: CalendarDays },
] as const;

export default function BookingsPage() {
  useDocumentTitle("Bookings");
  const { bookings } = useLoaderData<typeof bookingsLoader>();
  const { id } = useParams();
  useLiveBookings();

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-white">Bookings</h1>
      <Suspense fallback={<BookingsLoading />}>
        <Await resolve={bookings} errorElement={<LoadFailed />}>
          {(data: BookingsPageData) => <BookingsContent key={id ?? ""} data={data} />}
        </Await>
      </Suspense>
    </div>
  );
}

function LoadFailed() {
  const { revalidate, state } = useRevalidator();
  return <BookingsLoadFailed onRetry={() => void revalidate()} retrying={state === "loading"} />;
}

function BookingsContent({ data }: { data: BookingsPageData }) {
  const { user } = useAuth();
  const userId = user?.id ?? "";
  // The viewer's own zone: every booking time on the page gives it beside Manila's where it differs.
  const zone = useTimeZone();
  const { focus } = data;
  const [view, setView] = useState<BookingsView>(() =>
    focus ? (focus.consultantId === userId ? "consultations" : "made") : user?.role === "Assistant" ? "consultations" : "made",
  );
  const [tab, setTab] = useState(() => (focus ? bookingsPageTabOf(focus) : 0));
  const [rescheduling, setRescheduling] = useState<Booking | null>(null);
  // The consultant's held slots for the reschedule dialog: loaded as it opens, read again by React
  // Router after a change (a refused move shows what is held now) and on socket events. Unreadable,
  // none: the server refuses a taken slot anyway.
  const bookedSlots = useFetcher<Result<HeldSlots>>();
  const held = shownAnswer(bookedSlots, rescheduling ? (answer) => answer.consultantId === rescheduling.consultantId : null);
  const booked = held.state === "ready" ? held.data.slots : held.state === "failed" ? [] : null;
  const openReschedule = (booking: Booking) => {
    setRescheduling(booking);
    void bookedSlots.load(bookingsData.booked(booking.consultantId));
  };
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  // What cancelling would give back: loaded as a cancel dialog opens (the server's clock and rules).
  const quote = useCancelQuote();
  const openCancel = (booking: Booking) => {
    setCancelling(booking);
    quote.load({ kind: "booking", id: booking.id });
  };
  const [reviewing, setReviewing] = useState<Booking | null>(null);
  const [latest, remember] = useLocalUpdates(data);
  // Rendered again every minute: Complete once a booking is over, the 14 days to review.
  useNow();
  const now = new Date();
  // "Cancel the rest of the series": confirmed, then submitted to the series' route action.
  const [cancellingSeries, setCancellingSeries] = useState<SeriesGroup | null>(null);
  const openCancelSeries = (group: SeriesGroup) => {
    setCancellingSeries(group);
    quote.load({ kind: "series", id: group.seriesId });
  };
  const seriesChange = useActionFetcher<Booking[]>(undefined, { onAnswer: () => setCancellingSeries(null) });
  const cancelSeries = (group: SeriesGroup) => {
    const change: SeriesChange = { intent: "cancel" };
    void seriesChange.submit(change, "post", seriesChangeHref(group.seriesId));
  };
  const busySeriesId = seriesChange.busy ? (cancellingSeries?.seriesId ?? null) : null;
  const { submit, busyId } = useBookingChange((answer, _booking, change) => {
    if (change.intent === "status") setCancelling(null);
    // A refused move keeps the dialog open, with what is held now (read again with the page), so that another slot can be chosen.
    else if (answer.ok) setRescheduling(null);
  });

  useEffect(() => {
    if (!focus) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(bookingElementId(focus.id))?.scrollIntoView({ block: "center", behavior: "smooth" }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focus]);

  if (!user) return null;
  const list = (view === "consultations" ? data.consultations : data.made).map(latest);
  const otherName = (booking: Booking) => fullName(otherPerson(booking, userId));

  const reschedule = (booking: Booking, choice: DateTime) =>
    submit(booking, {
      intent: "reschedule",
      date: choice.date,
      startTime: choice.time as RescheduleInput["startTime"],
      failure: MSG.bookingRescheduleFailed,
    });

  const cancel = (booking: Booking) =>
    submit(booking, {
      intent: "status",
      status: "CANCELLED",
      failure: MSG.bookingCancelFailed,
      tell: { to: otherPerson(booking, userId).id, text: MSG.bookingCancelledChat(formatLongDate(booking.date), formatTime(booking.startTime)) },
    });

  const actions: BookingActions = {
    onReschedule: openReschedule,
    onCancel: openCancel,
    onComplete: (booking) =>
      submit(booking, {
        intent: "status",
        status: "COMPLETED",
        failure: MSG.bookingCompleteFailed,
        tell: { to: otherPerson(booking, userId).id, text: MSG.bookingCompletedChat },
      }),
    onDownload: (booking) =>
      void downloadBookingCalendar(booking.id).catch((error: unknown) => toast.error(serverMessageOr(error, MSG.bookingCalendarFailed))),
    onReview: setReviewing,
  };

  const panel = (index: number) => (
    <BookingsTabPanel
      tab={BOOKINGS_PAGE_TABS[index]!}
      first={index === 0}
      list={list}
      userId={userId}
      view={view}
      focusId={focus?.id}
      busyId={busyId}
      actions={actions}
      onCancelSeries={openCancelSeries}
      busySeriesId={busySeriesId}
      now={now}
      refundAccount={data.refundAccount}
      zone={zone}
    />
  );

  return (
    <div className="space-y-6">
      <ToggleGroup label="Bookings view" options={VIEWS} value={view} onChange={setView} />
      {data.focusMissing && (
        <p role="alert" className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          {MSG.bookingNotFound}. Here are all your bookings.
        </p>
      )}
      <Tabs
        label="Booking tabs"
        selected={tab}
        onSelect={setTab}
        tabs={BOOKINGS_PAGE_TABS.map((tabDef, index) => ({ label: tabDef.label, panel: () => panel(index) }))}
      />
      <BookingRescheduleModal
        booking={rescheduling}
        booked={booked}
        otherName={rescheduling ? otherName(rescheduling) : ""}
        zone={zone}
        busy={rescheduling !== null && busyId === rescheduling.id}
        onSubmit={reschedule}
        onClose={() => setRescheduling(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel Booking"
        confirmLabel={MSG.yesCancel}
        cancelLabel={MSG.keepBooking}
        busyLabel="Cancelling..."
        busy={cancelling !== null && busyId === cancelling.id}
        onConfirm={() => cancelling && cancel(cancelling)}
        onCancel={() => setCancelling(null)}
      >
        <p>{MSG.confirmCancel}</p>
        {cancelling && (
          <CancelQuote
            shown={quote.shown({ kind: "booking", id: cancelling.id })}
            party={partyIn(cancelling, userId)}
            listedPaid={cancelling.paymentStatus === "PAID"}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={cancellingSeries !== null}
        title={MSG.seriesCancelRest}
        confirmLabel={MSG.yesCancelSeries}
        cancelLabel={MSG.keepBooking}
        busyLabel="Cancelling..."
        busy={busySeriesId !== null}
        onConfirm={() => cancellingSeries && cancelSeries(cancellingSeries)}
        onCancel={() => setCancellingSeries(null)}
      >
        <p>{MSG.confirmCancelSeries(cancellingSeries ? restOfSeries(cancellingSeries, now).length : 0)}</p>
        {cancellingSeries && (
          <CancelQuote
            shown={quote.shown({ kind: "series", id: cancellingSeries.seriesId })}
            party={partyIn(cancellingSeries.bookings[0]!, userId)}
            listedPaid={cancellingSeries.bookings.some((booking) => booking.paymentStatus === "PAID")}
          />
        )}
      </ConfirmDialog>
      {reviewing && <ReviewDialog booking={reviewing} otherName={otherName(reviewing)} onSubmitted={remember} onClose={() => setReviewing(null)} />}
    </div>
  );
}
