import { MSG, type Booking } from "@vam/shared";
import Search from "lucide-react/icons/search";
import { Link } from "react-router";
import { BookingItem, type BookingActions, type BookingsView } from "./BookingItem";
import { bookingsOfTab, type BOOKINGS_PAGE_TABS } from "./booking-filters";

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
}

/** One tab of /bookings: its bookings as cards, or the spec's empty text. */
export function BookingsTabPanel({ tab, first, list, userId, view, focusId, busyId, actions }: BookingsTabPanelProps) {
  const shown = bookingsOfTab(list, tab);
  if (shown.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
        <p className="text-slate-400">{MSG.noBookingsFound(tab.label)}</p>
        {first && (
          <Link to="/profile/list" className="btn-primary">
            <Search aria-hidden="true" className="size-4" />
            Find Consultants
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label={`${tab.label} bookings`}>
      {shown.map((booking) => (
        <li key={booking.id}>
          <BookingItem booking={booking} userId={userId} view={view} highlighted={booking.id === focusId} busy={busyId === booking.id} {...actions} />
        </li>
      ))}
    </ul>
  );
}
