import type { AccountRole, Booking, BookingParty, TimeOffOverview } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { readToken, readUser } from "../../api/session-storage";
import { fetchBookingsAs } from "../bookings/public";
import { loadTimeOff } from "../time-off/public";

/** The search parameter that holds an Assistant's choice of view. */
export const VIEW_PARAM = "view";

/**
 * Assistants see their consultant view unless they chose the client one; everyone else (an
 * Operator too: nobody books them) sees the bookings they made as a client.
 */
export function dashboardView(role: AccountRole | undefined, params: URLSearchParams): BookingParty {
  if (role !== "Assistant") return "client";
  return params.get(VIEW_PARAM) === "client" ? "client" : "consultant";
}

interface DashboardData {
  view: BookingParty;
  /** Deferred: the page shows its frame at once and the list when this settles. */
  bookings: Promise<Booking[]>;
  /** An Assistant's time off, deferred as well; null for anyone else. */
  timeOff: Promise<TimeOffOverview> | null;
}

/** The bookings of the chosen view and an Assistant's time off, not awaited (the page renders them through <Await>). */
export function dashboardLoader({ request }: LoaderFunctionArgs): DashboardData {
  const user = readUser();
  const signedIn = user && readToken();
  const view = dashboardView(user?.role, new URL(request.url).searchParams);
  const bookings = signedIn ? fetchBookingsAs(view) : Promise.resolve([]);
  // <Await> reports the failure; this only keeps it from counting as unhandled meanwhile.
  bookings.catch(() => undefined);
  return { view, bookings, timeOff: signedIn ? loadTimeOff(user.role) : null };
}
