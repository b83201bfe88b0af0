import {
  MSG,
  bookingStatusSchema,
  createBookingSchema,
  createSeriesSchema,
  paymentReferenceField,
  rescheduleSchema,
  transferReferenceSchema,
  type BookedSlot,
  type CancellationQuote,
  type CreateBookingInput,
  type CreateSeriesInput,
  type PaymentDetails,
} from "@vam/shared";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { jsonBody, parseBody } from "../../lib/json-body";
import { attempt } from "../../lib/result";
import {
  changeSeries,
  createBooking,
  createSeries,
  fetchBookedSlots,
  fetchCancellationQuote,
  fetchFreeStarts,
  fetchPaymentDetails,
  fetchSeriesCancellationQuote,
  messageOtherParty,
  rescheduleBooking,
  saveTransferReference,
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

/** `FREE_TIMES_PATH` (lib/data-routes.ts; addresses in bookings-routes.ts, `?date=`): the day's free slot starts. */
export function freeTimesLoader({ params, request }: LoaderFunctionArgs) {
  const date = new URL(request.url).searchParams.get("date") ?? "";
  return attempt<FreeTimes>(
    async () => ({ date, starts: await fetchFreeStarts(params.consultantId ?? "", date) }),
    "Could not fetch available times. Please try again.",
  );
}

/** `BOOKED_SLOTS_PATH` (lib/data-routes.ts; addresses in bookings-routes.ts): the consultant's held slots (the reschedule picker). */
export function bookedSlotsLoader({ params }: LoaderFunctionArgs) {
  const consultantId = params.consultantId ?? "";
  return attempt<HeldSlots>(async () => ({ consultantId, slots: await fetchBookedSlots(consultantId) }), "Could not load the calendar.");
}

/** What to pay for a duration on a number of dates (a weekly series is one payment), with both. */
export interface PaymentFor {
  duration: number;
  dates: number;
  details: PaymentDetails;
}

/** `PAYMENT_PATH` (lib/data-routes.ts; addresses in bookings-routes.ts, `?duration=&dates=`): what to pay, and how. */
export function paymentLoader({ params, request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const duration = Number(query.get("duration"));
  const dates = Number(query.get("dates") ?? 1) || 1;
  return attempt<PaymentFor>(
    async () => ({ duration, dates, details: await fetchPaymentDetails(params.consultantId ?? "", duration, dates) }),
    MSG.paymentDetailsFailed,
  );
}

/** What a cancel dialog is about: one booking, or the rest of a weekly series. */
export interface CancelTarget {
  kind: "booking" | "series";
  id: string;
}

/** A cancel dialog's quote, with what it is for (a fetcher shows only the open dialog's: `shownAnswer`). */
export interface QuoteFor extends CancelTarget {
  quote: CancellationQuote;
}

/**
 * `CANCELLATION_QUOTE_PATH` (lib/data-routes.ts; addresses in bookings-routes.ts; `:kind` is `booking` or `series`): what
 * cancelling now would give back, by the server's clock. A failure is no amount at all (the
 * dialog says nothing rather than a wrong one), never an error screen.
 */
export function cancellationQuoteLoader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  return params.kind === "series"
    ? attempt<QuoteFor>(async () => ({ kind: "series", id, quote: await fetchSeriesCancellationQuote(id) }), MSG.seriesCancelFailed)
    : attempt<QuoteFor>(async () => ({ kind: "booking", id, quote: await fetchCancellationQuote(id) }), MSG.bookingCancelFailed);
}

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

/** `BookingChange` as the action checks it: the status and the new date and slot as the server checks them. */
const bookingChangeSchema = z.discriminatedUnion("intent", [
  bookingStatusSchema.extend({
    intent: z.literal("status"),
    failure: z.string(),
    tell: z.object({ to: z.string(), text: z.string() }).optional(),
  }),
  rescheduleSchema.extend({ intent: z.literal("reschedule"), failure: z.string() }),
]);

/**
 * `BOOKING_CHANGE_PATH` (lib/data-routes.ts; addresses in bookings-routes.ts, docs/decisions/0004-data-loading-on-the-web.md): accept, cancel, complete
 * or reschedule a booking. The answer is toasted here; then React Router runs the loaders on
 * screen again, also after a refusal (the booking may have changed elsewhere).
 */
export async function bookingAction({ params, request }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const body = await jsonBody(request, bookingChangeSchema);
  if (!body.ok) {
    toast.error(body.message);
    return body;
  }
  const change = body.data;
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

/** What the booking page submits: one booking, or a weekly series (`weeks`). */
export type NewBooking = CreateBookingInput | CreateSeriesInput;

/** What the booking page's last step submits: the reference number on the client's receipt. */
export interface TransferReferenceInput {
  intent: "transferReference";
  reference: string;
  transferReference: string;
}

/**
 * `/book/:consultantId`'s action: the booking, or every date of the series, made as PENDING and
 * unpaid ("I have paid"); or, on the last step, the transfer's reference number.
 */
export async function createBookingAction({ request }: ActionFunctionArgs) {
  // Which of the three it is decides the schema (a union would refuse with no field's own words).
  const body = await jsonBody(request, z.looseObject({}));
  if (!body.ok) return body;
  if ("intent" in body.data) {
    const reference = parseBody(body.data, transferReferenceInputSchema);
    if (!reference.ok) return reference;
    return attempt(() => saveTransferReference(reference.data.reference, reference.data.transferReference), MSG.bookingCreateFailed);
  }
  if ("weeks" in body.data) {
    const series = parseBody(body.data, createSeriesSchema);
    if (!series.ok) return series;
    return attempt(() => createSeries(series.data), MSG.bookingCreateFailed);
  }
  const booking = parseBody(body.data, createBookingSchema);
  if (!booking.ok) return booking;
  return attempt(async () => [await createBooking(booking.data)], MSG.bookingCreateFailed);
}

const transferReferenceInputSchema = transferReferenceSchema.extend({ intent: z.literal("transferReference"), reference: paymentReferenceField });

/** A change to a whole weekly series: the Assistant accepts it, either party cancels the rest. */
export type SeriesChange = { intent: "accept" | "cancel" };

/** `SERIES_CHANGE_PATH` (lib/data-routes.ts; addresses in bookings-routes.ts): accept or cancel the rest of a series; toasted here. */
export async function seriesAction({ params, request }: ActionFunctionArgs) {
  const body = await jsonBody(request, z.object({ intent: z.enum(["accept", "cancel"]) }));
  if (!body.ok) {
    toast.error(body.message);
    return body;
  }
  const { intent } = body.data;
  const result = await attempt(
    () => changeSeries(params.seriesId ?? "", intent),
    intent === "accept" ? MSG.seriesAcceptFailed : MSG.seriesCancelFailed,
  );
  if (!result.ok) toast.error(result.message);
  else toast.success(intent === "accept" ? MSG.seriesAcceptedToast : MSG.seriesCancelledToast);
  return result;
}
