import { MSG, type BookedSlot, type CreateBookingInput, type PaymentDetails } from "@vam/shared";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { jsonBody } from "../../lib/actions";
import { attempt } from "../../lib/result";
import {
  createBooking,
  fetchBookedSlots,
  fetchFreeStarts,
  fetchPaymentDetails,
  messageOtherParty,
  rescheduleBooking,
  updateBookingStatus,
  type TargetStatus,
} from "./bookings-api";
import type { SlotStart } from "./dates";

/**
 * The loaders of the bookings data routes (docs/decisions/0004-data-loading-on-the-web.md), for
 * fetchers that load what follows a choice on a page. Each answers a `Result`: a failure is
 * shown where the data goes, never as the page's error screen. Its data names the choice it is
 * for (the day, the consultant, the duration), so that a page shows it while React Router reads
 * it again after a write, and never for another choice (`shownAnswer`).
 */

/** A day's free slot starts, with the day they are for (a fetcher shows only the chosen day's: `shownAnswer`). */
export interface FreeTimes {
  date: string;
  starts: SlotStart[];
}

/** A consultant's held slots, with whose they are. */
export interface HeldSlots {
  consultantId: string;
  slots: BookedSlot[];
}

/** `/data/bookings/free-times/:consultantId?date=`: the day's free slot starts. */
export function freeTimesLoader({ params, request }: LoaderFunctionArgs) {
  const date = new URL(request.url).searchParams.get("date") ?? "";
  return attempt<FreeTimes>(
    async () => ({ date, starts: await fetchFreeStarts(params.consultantId ?? "", date) }),
    "Could not fetch available times. Please try again.",
  );
}

/** `/data/bookings/booked/:consultantId`: the consultant's held slots (the reschedule picker). */
export function bookedSlotsLoader({ params }: LoaderFunctionArgs) {
  const consultantId = params.consultantId ?? "";
  return attempt<HeldSlots>(async () => ({ consultantId, slots: await fetchBookedSlots(consultantId) }), "Could not load the calendar.");
}

/** What to pay for a duration, with that duration. */
export interface PaymentFor {
  duration: number;
  details: PaymentDetails;
}

/** `/data/bookings/payment/:consultantId?duration=`: what to pay, and how. */
export function paymentLoader({ params, request }: LoaderFunctionArgs) {
  const duration = Number(new URL(request.url).searchParams.get("duration"));
  return attempt<PaymentFor>(
    async () => ({ duration, details: await fetchPaymentDetails(params.consultantId ?? "", duration) }),
    "Could not load the payment details.",
  );
}

/** The addresses of those routes, for `fetcher.load`. */
export const bookingsData = {
  freeTimes: (consultantId: string, date: string) =>
    `/data/bookings/free-times/${encodeURIComponent(consultantId)}?${new URLSearchParams({ date }).toString()}`,
  booked: (consultantId: string) => `/data/bookings/booked/${encodeURIComponent(consultantId)}`,
  payment: (consultantId: string, duration: number) =>
    `/data/bookings/payment/${encodeURIComponent(consultantId)}?${new URLSearchParams({ duration: String(duration) }).toString()}`,
};

/** A change to one booking, as the bookings page and the dashboard submit it. */
export type BookingChange =
  | {
      intent: "status";
      status: TargetStatus;
      /** Shown when it failed and the server gave no reason. */
      failure: string;
      /** The courtesy chat message to the other party (spec), sent once the change is made. */
      tell?: { to: string; text: string };
    }
  | { intent: "reschedule"; date: string; startTime: SlotStart; failure: string };

/**
 * `/data/bookings/:id` (docs/decisions/0004-data-loading-on-the-web.md): accept, cancel, complete
 * or reschedule a booking. The answer is toasted here; then React Router runs the loaders on
 * screen again, also after a refusal (the booking may have changed elsewhere).
 */
export async function bookingAction({ params, request }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const change = await jsonBody<BookingChange>(request);
  const result =
    change.intent === "reschedule"
      ? await attempt(() => rescheduleBooking(id, { date: change.date, startTime: change.startTime }), change.failure)
      : await attempt(() => updateBookingStatus(id, change.status), change.failure);
  if (!result.ok) {
    toast.error(result.message);
    return result;
  }
  if (change.intent === "reschedule") toast.success(MSG.bookingRescheduledToast);
  else {
    toast.success(MSG.bookingStatusToast(change.status));
    if (change.tell) messageOtherParty(change.tell.to, change.tell.text);
  }
  return result;
}

/** `/book/:consultantId`'s action: the booking, made as PENDING and unpaid. */
export async function createBookingAction({ request }: ActionFunctionArgs) {
  const input = await jsonBody<CreateBookingInput>(request);
  return attempt(() => createBooking(input), MSG.bookingCreateFailed);
}

/** `/data/bookings/{id}`: where a booking's changes are submitted. */
export const bookingChangeHref = (bookingId: string) => `/data/bookings/${encodeURIComponent(bookingId)}`;
