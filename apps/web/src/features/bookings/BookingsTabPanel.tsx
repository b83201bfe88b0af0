import { MSG, addHoursToTime, formatTime, formatWeekday, type Booking } from "@vam/shared";
import type { ReactNode } from "react";
import Search from "lucide-react/icons/search";
import { Link } from "react-router";
import { BothClocks } from "./BothClocks";
import { BookingItem, type BookingActions, type BookingsView } from "./BookingItem";
import { fullName, otherPerson } from "./booking-party";
import { bookingsOfTab, restOfSeries, seriesGroups, type BOOKINGS_PAGE_TABS, type SeriesGroup } from "./booking-filters";
import { pageHref, PROFILE_LIST_PAGE } from "../../lib/page-routes";

interface BookingsTabPanelProps {
  tab: (typeof BOOKINGS_PAGE_TABS)[number];
  /** The first tab offers Find Consultants when it is empty. */
  first: boolean;
  list: Booking[];
  userId: string;
  view: BookingsView;
  /** The booking /bookings/{id} points at. */
  focusId: string | undefined;
  /** The booking a change is running on. */
  busyId: string | null;
  actions: BookingActions;
  /** "Cancel the rest of the series", offered on the Recurring tab for a series with open dates ahead. */
  onCancelSeries: (group: SeriesGroup) => void;
  /** The series a change is running on. */
  busySeriesId: string | null;
  now: Date;
  /** Whether the user has a payout account, where a client's refunds go (null or undefined: not known). */
  refundAccount?: boolean | null;
  /** The viewer's zone (`useTimeZone`): every time gives their own beside Manila's where it differs. */
  zone?: string | null;
}

/** One tab of /bookings: its bookings as cards, or the spec's empty text. */
export function BookingsTabPanel(props: BookingsTabPanelProps) {
  const { tab, first, list, userId, view, focusId, busyId, actions, refundAccount, zone } = props;
  const shown = bookingsOfTab(list, tab);
  if (shown.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
        <p className="text-slate-400">{MSG.noBookingsFound(tab.label)}</p>
        {first && (
          <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="btn-primary">
            <Search aria-hidden="true" className="size-4" />
            Find Consultants
          </Link>
        )}
      </div>
    );
  }
  const item = (booking: Booking) => (
    <li key={booking.id}>
      <BookingItem
        booking={booking}
        userId={userId}
        view={view}
        highlighted={booking.id === focusId}
        busy={busyId === booking.id}
        refundAccount={refundAccount}
        zone={zone}
        {...actions}
      />
    </li>
  );
  if (tab.label === "Recurring") {
    return (
      <ul className="space-y-6" aria-label="Weekly series">
        {seriesGroups(shown).map((group) => (
          <li key={group.seriesId}>
            <SeriesSection group={group} {...props}>
              {group.bookings.map(item)}
            </SeriesSection>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="space-y-3" aria-label={`${tab.label} bookings`}>
      {shown.map(item)}
    </ul>
  );
}

/** One weekly series on the Recurring tab: its weekday and time, its dates, and "Cancel the rest of the series". */
function SeriesSection({
  group,
  userId,
  onCancelSeries,
  busySeriesId,
  now,
  zone,
  children,
}: BookingsTabPanelProps & { group: SeriesGroup; children: ReactNode }) {
  const [first] = group.bookings;
  const rest = restOfSeries(group, now);
  const headingId = `series-${group.seriesId}`;
  const busy = busySeriesId === group.seriesId;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold text-white">
            Every {formatWeekday(first!.date)},{" "}
            <BothClocks
              manila={`${formatTime(first!.startTime)} to ${formatTime(addHoursToTime(first!.startTime, first!.duration))}`}
              start={first!.startsAt}
              end={first!.endsAt}
              zone={zone}
              withDate
              yoursClassName="text-sm font-normal text-slate-300"
            />
            , with {fullName(otherPerson(first!, userId))}
          </h3>
          <p className="text-sm text-slate-400">
            {group.bookings.length} {group.bookings.length === 1 ? "date" : "dates"}, {rest.length} still ahead
          </p>
        </div>
        {rest.length > 0 && (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => onCancelSeries(group)}>
            {MSG.seriesCancelRest}
          </button>
        )}
      </div>
      <ul className="space-y-3" aria-label={`Dates of every ${formatWeekday(first!.date)}`}>
        {children}
      </ul>
    </section>
  );
}
