import type { Booking, BookingParty } from "@vam/shared";
import CalendarX2 from "lucide-react/icons/calendar-x-2";
import { Suspense, useState } from "react";
import { Await, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { Tabs } from "../../components/Tabs";
import { ToggleGroup } from "../../components/ToggleGroup";
import { useNow } from "../../lib/useNow";
import { useAuth } from "../auth/public";
import { BookingsLoadFailed, BookingsLoading, DASHBOARD_TABS, bookingsOfTab, seriesPendingCounts, useLiveBookings } from "../bookings/public";
import { TimeOffSection } from "../time-off/public";
import { DashboardCard } from "./DashboardCard";
import { StatusFilter, type StatusChoice } from "./StatusFilter";
import { VIEW_PARAM, type dashboardLoader } from "./dashboard-loader";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

const VIEWS = [
  { value: "consultant", label: "As Consultant" },
  { value: "client", label: "As Client" },
] as const;

export default function BookingDashboardPage() {
  useDocumentTitle("Booking Dashboard");
  const { user } = useAuth();
  const { view, bookings, timeOff } = useLoaderData<typeof dashboardLoader>();
  const [, setSearchParams] = useSearchParams();
  const { revalidate } = useRevalidator();
  const [tab, setTab] = useState(0);
  const [status, setStatus] = useState<StatusChoice>("ALL");
  useLiveBookings();
  // Rendered again every minute: what depends on the time follows the clock.
  useNow();
  if (!user) return null;

  const changeView = (next: BookingParty) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === "client") updated.set(VIEW_PARAM, "client");
        else updated.delete(VIEW_PARAM);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const list = (tabIndex: number) => (
    // A new view is a new list: its own loading state rather than the previous view's cards.
    <Suspense key={view} fallback={<BookingsLoading />}>
      <Await resolve={bookings} errorElement={<BookingsLoadFailed onRetry={() => void revalidate()} />}>
        {(loaded: Booking[]) => {
          // Dates of each weekly series the Assistant can still accept at once.
          const pending = seriesPendingCounts(loaded, new Date());
          const shown = bookingsOfTab(
            loaded.filter((booking) => status === "ALL" || booking.status === status),
            DASHBOARD_TABS[tabIndex]!,
          );
          if (shown.length === 0) {
            return (
              <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center text-slate-400">
                <CalendarX2 aria-hidden="true" className="size-8 text-slate-500" />
                <p>No bookings found</p>
              </div>
            );
          }
          return (
            <ul className="grid gap-4 lg:grid-cols-2">
              {shown.map((booking) => (
                <li key={booking.id} className="min-w-0">
                  <DashboardCard booking={booking} userId={user.id} seriesPending={booking.seriesId ? pending.get(booking.seriesId) : 0} />
                </li>
              ))}
            </ul>
          );
        }}
      </Await>
    </Suspense>
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight text-white">Booking Dashboard</h1>
          <p className="text-sm text-slate-400">{view === "consultant" ? "Bookings clients made with you." : "Bookings you made with assistants."}</p>
        </div>
        {user.role === "Assistant" && <ToggleGroup label="Bookings view" options={VIEWS} value={view} onChange={changeView} />}
      </div>

      <div className="relative">
        <div className="mb-4 flex justify-end sm:absolute sm:top-0 sm:right-0 sm:mb-0">
          <StatusFilter value={status} onChange={setStatus} />
        </div>
        <Tabs
          label="Booking periods"
          selected={tab}
          onSelect={setTab}
          tabs={DASHBOARD_TABS.map((item, index) => ({ label: item.label, panel: () => list(index) }))}
        />
      </div>

      {user.role === "Assistant" && timeOff && <TimeOffSection overview={timeOff} />}
    </div>
  );
}
