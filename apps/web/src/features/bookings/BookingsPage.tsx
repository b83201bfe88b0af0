import { MSG, formatLongDate, formatTime, type Booking, type RescheduleInput } from "@vam/shared";
import Briefcase from "lucide-react/icons/briefcase";
import CalendarDays from "lucide-react/icons/calendar-days";
import Search from "lucide-react/icons/search";
import { Suspense, useEffect, useState } from "react";
import { Await, Link, useLoaderData, useParams, useRevalidator } from "react-router";
import { toast } from "sonner";
import { ApiError, serverMessageOr } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Tabs } from "../../components/Tabs";
import { ToggleGroup } from "../../components/ToggleGroup";
import { useAuth } from "../auth/auth-context";
import { ReviewDialog } from "../reviews/ReviewDialog";
import { BookingItem, bookingElementId, type BookingActions, type BookingsView } from "./BookingItem";
import { BookingRescheduleModal } from "./BookingRescheduleModal";
import { BookingsLoadFailed, BookingsLoading } from "./BookingsLoadStates";
import { BOOKINGS_PAGE_TABS, bookingsOfTab, bookingsPageTabOf } from "./booking-filters";
import { fullName, otherPerson } from "./booking-party";
import { downloadBookingCalendar, messageOtherParty, rescheduleBooking, updateBookingStatus } from "./bookings-api";
import type { BookingsPageData, bookingsLoader } from "./bookings-loader";
import type { DateTime } from "./DateTimePicker";
import { useClockTick } from "./useClockTick";
import { useLiveBookings } from "./useLiveBookings";
import { useLocalUpdates } from "./useLocalUpdates";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

const VIEWS = [
  { value: "consultations", label: "My Consultations", icon: Briefcase },
  { value: "made", label: "My Bookings", icon: CalendarDays },
] as const;

/** A refusal means the booking changed elsewhere: the list is worth refreshing. */
const isStale = (error: unknown) => error instanceof ApiError && [404, 409].includes(error.status);

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
  const { revalidate } = useRevalidator();
  const userId = user?.id ?? "";
  const { focus } = data;
  const [view, setView] = useState<BookingsView>(() =>
    focus ? (focus.consultantId === userId ? "consultations" : "made") : user?.role === "Assistant" ? "consultations" : "made",
  );
  const [tab, setTab] = useState(() => (focus ? bookingsPageTabOf(focus) : 0));
  const [rescheduling, setRescheduling] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [reviewing, setReviewing] = useState<Booking | null>(null);
  const [latest, remember] = useLocalUpdates(data);
  useClockTick();
  /** The booking an action is running on. */
  const [busyId, setBusyId] = useState<string | null>(null);

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

  /** Runs an action on a booking, then refreshes the list (also after a refusal: it changed elsewhere). */
  const run = async (booking: Booking, action: () => Promise<void>, failure: string): Promise<boolean> => {
    setBusyId(booking.id);
    try {
      await action();
      void revalidate();
      return true;
    } catch (error) {
      toast.error(serverMessageOr(error, failure));
      if (isStale(error)) void revalidate();
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const reschedule = async (booking: Booking, choice: DateTime) => {
    const done = await run(
      booking,
      async () => {
        await rescheduleBooking(booking.id, { date: choice.date, startTime: choice.time as RescheduleInput["startTime"] });
        toast.success(MSG.bookingRescheduledToast);
      },
      MSG.bookingRescheduleFailed,
    );
    // On failure the modal stays open so that another slot can be chosen.
    if (done) setRescheduling(null);
  };

  const cancel = async (booking: Booking) => {
    await run(
      booking,
      async () => {
        await updateBookingStatus(booking.id, "CANCELLED");
        toast.success(MSG.bookingStatusToast("CANCELLED"));
        messageOtherParty(otherPerson(booking, userId).id, MSG.bookingCancelledChat(formatLongDate(booking.date), formatTime(booking.startTime)));
      },
      MSG.bookingCancelFailed,
    );
    setCancelling(null);
  };

  const actions: BookingActions = {
    onReschedule: setRescheduling,
    onCancel: setCancelling,
    onComplete: (booking) =>
      void run(
        booking,
        async () => {
          await updateBookingStatus(booking.id, "COMPLETED");
          toast.success(MSG.bookingStatusToast("COMPLETED"));
          messageOtherParty(otherPerson(booking, userId).id, MSG.bookingCompletedChat);
        },
        MSG.bookingCompleteFailed,
      ),
    onDownload: (booking) =>
      void downloadBookingCalendar(booking.id).catch((error: unknown) => toast.error(serverMessageOr(error, MSG.bookingCalendarFailed))),
    onReview: setReviewing,
  };

  const panel = (index: number) => {
    const tabDef = BOOKINGS_PAGE_TABS[index]!;
    const shown = bookingsOfTab(list, tabDef);
    if (shown.length === 0) {
      return (
        <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="text-slate-400">{MSG.noBookingsFound(tabDef.label)}</p>
          {index === 0 && (
            <Link to="/profile/list" className="btn-primary">
              <Search aria-hidden="true" className="size-4" />
              Find Consultants
            </Link>
          )}
        </div>
      );
    }
    return (
      <ul className="space-y-3" aria-label={`${tabDef.label} bookings`}>
        {shown.map((booking) => (
          <li key={booking.id}>
            <BookingItem
              booking={booking}
              userId={userId}
              view={view}
              highlighted={booking.id === focus?.id}
              busy={busyId === booking.id}
              {...actions}
            />
          </li>
        ))}
      </ul>
    );
  };

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
        otherName={rescheduling ? otherName(rescheduling) : ""}
        busy={rescheduling !== null && busyId === rescheduling.id}
        onSubmit={(booking, choice) => void reschedule(booking, choice)}
        onClose={() => setRescheduling(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel Booking"
        confirmLabel={MSG.yesCancel}
        cancelLabel={MSG.keepBooking}
        busyLabel="Cancelling..."
        busy={cancelling !== null && busyId === cancelling.id}
        onConfirm={() => cancelling && void cancel(cancelling)}
        onCancel={() => setCancelling(null)}
      >
        {MSG.confirmCancel}
      </ConfirmDialog>
      {reviewing && (
        <ReviewDialog
          booking={reviewing}
          otherName={otherName(reviewing)}
          onSubmitted={(updated) => {
            remember(updated);
            void revalidate();
          }}
          onClose={() => setReviewing(null)}
        />
      )}
    </div>
  );
}
