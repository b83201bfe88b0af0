import { SLOT_STARTS } from "@vam/shared";
import type {
  BookedSlot,
  Booking,
  BookingParty,
  CancellationQuote,
  ConsultantSummary,
  CreateBookingInput,
  CreateSeriesInput,
  PaymentDetails,
  RescheduleInput,
  TARGET_STATUSES,
  UnpaidHold,
} from "@vam/shared";
import { api } from "../../api/client";
import type { SlotStart } from "./dates";
import { sendMessageTo } from "../chat/public";

export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** "My Bookings": what the user booked as a client. */
export const fetchBookingsMade = () => api.get<Booking[]>("/bookings/made");

/** The bookings the user receives (consultant) or makes (client). */
export const fetchBookingsAs = (role: BookingParty) => api.get<Booking[]>(`/bookings/user?role=${role}`);

export type { SlotStart };
const isSlotStart = (time: unknown): time is SlotStart => typeof time === "string" && (SLOT_STARTS as readonly string[]).includes(time);

/** `GET /bookings/consultant/{id}`: who is being booked (name, picture, rate). */
export const fetchConsultantSummary = (consultantId: string) =>
  api.get<ConsultantSummary>(`/bookings/consultant/${encodeURIComponent(consultantId)}`);

/** `GET /bookings/booked/{consultantId}`: the consultant's held slots from today on. */
export async function fetchBookedSlots(consultantId: string): Promise<BookedSlot[]> {
  const slots = await api.get<unknown>(`/bookings/booked/${encodeURIComponent(consultantId)}`);
  return Array.isArray(slots) ? (slots as BookedSlot[]) : [];
}

/**
 * `GET /bookings/available`: the free slot starts of a consultant's day, in order (a booking's
 * own slots count as taken). The one reading of this answer: anything but a slot start is dropped.
 */
export async function fetchFreeStarts(consultantId: string, date: string): Promise<SlotStart[]> {
  const params = new URLSearchParams({ date, consultantId });
  const list = await api.get<unknown>(`/bookings/available?${params.toString()}`);
  return Array.isArray(list) ? SLOT_STARTS.filter((start) => list.some((time) => isSlotStart(time) && time === start)) : [];
}

/**
 * `POST /bookings/payment`: opens (or reopens) the payment of `duration` hours of the consultant on
 * `dates` dates (a weekly series is paid at once): its reference and QR Ph code. Refused while the
 * client's unpaid cap is reached.
 */
export const fetchPaymentDetails = (consultantId: string, duration: number, dates = 1) =>
  api.post<PaymentDetails>("/bookings/payment", { consultantId, duration, dates });

/** `GET /bookings/unpaid`: how much of the unpaid cap the client holds, and why they cannot book now (null: they can). */
export const fetchUnpaidHold = () => api.get<UnpaidHold>("/bookings/unpaid");

/** `PUT /payments/{reference}/transfer-reference`: the reference number on the client's receipt. */
export const saveTransferReference = (reference: string, transferReference: string) =>
  api.put<{ reference: string; transferReference: string }>(`/payments/${encodeURIComponent(reference)}/transfer-reference`, { transferReference });

/** `POST /bookings/create`: the new booking (PENDING, payment UNVERIFIED). */
export const createBooking = async (input: CreateBookingInput) => (await api.post<{ booking: Booking }>("/bookings/create", input)).booking;

/** `POST /bookings/series`: every date of a weekly series (PENDING, one payment), or a 409 listing the taken dates. */
export const createSeries = async (input: CreateSeriesInput) => (await api.post<{ bookings: Booking[] }>("/bookings/series", input)).bookings;

/** `PUT /bookings/series/{id}/accept` (the Assistant) or `/cancel` (either party): the dates it changed. */
export const changeSeries = async (seriesId: string, change: "accept" | "cancel") =>
  (await api.put<{ bookings: Booking[] }>(`/bookings/series/${encodeURIComponent(seriesId)}/${change}`)).bookings;

/**
 * `GET /bookings/{id}/cancellation`: what cancelling the booking now would give back to the
 * client, by the server's clock (the cancel dialog says it before anyone confirms).
 */
export const fetchCancellationQuote = (id: string) => api.get<CancellationQuote>(`/bookings/${encodeURIComponent(id)}/cancellation`);

/** `GET /bookings/series/{id}/cancellation`: the same for the rest of a weekly series. */
export const fetchSeriesCancellationQuote = (seriesId: string) =>
  api.get<CancellationQuote>(`/bookings/series/${encodeURIComponent(seriesId)}/cancellation`);

/**
 * `GET /account/payout-account`, read only for whether there is one: a client's refunds are sent
 * to it, and a refund that is due asks for it until it is set (Settings holds the account itself).
 */
export const fetchHasPayoutAccount = async () => (await api.get<{ payoutAccount: unknown }>("/account/payout-account")).payoutAccount !== null;

export const fetchBooking = async (id: string) => (await api.get<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}`)).booking;

export const updateBookingStatus = async (id: string, status: TargetStatus) =>
  (await api.put<{ booking: Booking }>(`/bookings/${id}/status`, { status })).booking;

export const rescheduleBooking = async (id: string, input: RescheduleInput) =>
  (await api.put<{ booking: Booking }>(`/bookings/${id}/reschedule`, input)).booking;

/** Posts a courtesy message to the other party's chat; a failure is only logged (spec). */
export function messageOtherParty(recipientId: string, message: string) {
  sendMessageTo(recipientId, message).catch((error) => console.error("Booking message not sent", error));
}

/** Saves the booking's calendar file under the server's name (a plain link would lack the bearer header). */
export async function downloadBookingCalendar(id: string) {
  const { blob, fileName } = await api.file(`/bookings/${id}/calendar`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName ?? "booking.ics";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
