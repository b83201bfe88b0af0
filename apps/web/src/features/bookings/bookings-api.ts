import type { Booking, BookingParty, RescheduleInput, TARGET_STATUSES } from "@vam/shared";
import { api } from "../../api/client";
import { sendMessageTo } from "../chat/chat-api";

export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** "My Bookings": what the user booked as a client. */
export const fetchBookingsMade = () => api.get<Booking[]>("/bookings/made");

/** The bookings the user receives (consultant) or makes (client). */
export const fetchBookingsAs = (role: BookingParty) => api.get<Booking[]>(`/bookings/user?role=${role}`);

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
