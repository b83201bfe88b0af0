import { MSG, bookingRefusal, isActiveBooking, type Booking, type BookingParty } from "@vam/shared";

/** The payment label shows on every booking, except a cancelled one whose reason already says it all. */
export const showsPaymentStatus = (booking: Booking) =>
  booking.status !== "CANCELLED" || booking.paymentStatus === "PAID" || booking.cancelReason === null;

/** The client of an open booking whose payment is not verified yet sees the reference to write on the transfer. */
export const showsPaymentReference = (booking: Booking, party: BookingParty) =>
  party === "client" && booking.paymentStatus === "UNVERIFIED" && isActiveBooking(booking.status);

/** Who or what cancelled a booking ("Cancelled by the client", "Payment not received in time"...); null otherwise. */
export const cancelReasonText = (booking: Booking) =>
  booking.status === "CANCELLED" && booking.cancelReason ? MSG.cancelReasonLabel[booking.cancelReason] : null;

/**
 * Why the Assistant cannot complete a booking that is over yet: its payment is not verified
 * ("This booking can be completed once its payment is verified"); null otherwise, also while it
 * has not ended (nothing to explain then).
 */
export function completeWaitsForPayment(booking: Booking, party: BookingParty, now: Date): string | null {
  if (party !== "consultant" || !isActiveBooking(booking.status) || new Date(booking.endsAt) > now) return null;
  const refusal = bookingRefusal("complete", booking, party, now);
  return refusal === MSG.bookingCompleteUnpaid ? refusal : null;
}
