import type { Booking } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { readToken, readUser } from "../../api/session-storage";
import { fetchBooking, fetchBookingsAs, fetchBookingsMade, fetchHasPayoutAccount } from "./bookings-api";

export interface BookingsPageData {
  /** Received as consultant ("My Consultations") and made as client ("My Bookings"). */
  consultations: Booking[];
  made: Booking[];
  /** `/bookings/{id}`: that booking; null when there is no id or it was not found. */
  focus: Booking | null;
  /** An id was given but no booking of the user has it. */
  focusMissing: boolean;
  /**
   * Whether the user has a payout account (where a client's refunds go): asked only while one of
   * their refunds as a client is due; null when not asked or unreadable (then nothing is asked of them).
   */
  refundAccount?: boolean | null;
}

export interface BookingsLoaderData {
  /** Deferred: the page shows 'Loading bookings...' until it settles; a rejection is 'Failed to load bookings'. */
  bookings: Promise<BookingsPageData>;
}

async function loadBookings(id: string | undefined): Promise<BookingsPageData> {
  // Signed out: the protected layout sends the visitor to /login; nothing to ask the server.
  const user = readUser();
  if (!user || !readToken()) return { consultations: [], made: [], focus: null, focusMissing: false };
  const focusRequest = id ? fetchBooking(id).catch(() => null) : Promise.resolve(null);
  // Only Assistants can be booked: nobody else has consultations to ask for.
  const consultationsRequest = user.role === "Assistant" ? fetchBookingsAs("consultant") : Promise.resolve([]);
  const [consultations, made, focus] = await Promise.all([consultationsRequest, fetchBookingsMade(), focusRequest]);
  const refundDue = made.some((booking) => booking.refund?.state === "DUE");
  const refundAccount = refundDue ? await fetchHasPayoutAccount().catch(() => null) : null;
  return { consultations, made, focus, focusMissing: Boolean(id) && focus === null, refundAccount };
}

/** The lists of /bookings and /bookings/{id}, deferred so that the page renders at once. */
export function bookingsLoader({ params }: LoaderFunctionArgs): BookingsLoaderData {
  const bookings = loadBookings(params.id);
  // Await reports the rejection; this keeps it from also counting as unhandled meanwhile.
  bookings.catch(() => undefined);
  return { bookings };
}
