/**
 * What other features may use of `bookings` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { BookingCalendar } from "./BookingCalendar";
export { BookingRefund } from "./BookingRefund";
export { BookingStatusBadge } from "./BookingStatusBadge";
export { CancelQuote } from "./CancelQuote";
export { BookingsLoadFailed, BookingsLoading } from "./BookingsLoadStates";
export { PaymentBadge, PaymentReference, PaymentWarning } from "./PaymentBadge";
export { bookingsOfTab, DASHBOARD_TABS, seriesPendingCounts } from "./booking-filters";
export { fullName, otherPerson, partyIn } from "./booking-party";
export { cancelReasonText, completeWaitsForPayment, showsPaymentReference, showsPaymentStatus } from "./booking-payment";
export { fetchBookingsAs } from "./bookings-api";
export type { TargetStatus } from "./bookings-api";
export { bookingsData, seriesChangeHref } from "./bookings-routes";
export type { FreeTimes, SeriesChange } from "./bookings-data";
export { shownAnswer } from "./shown-answer";
export { addHours, formatShortDate, isWeekend, manilaToday } from "./dates";
export type { SlotStart } from "./dates";
export { useLiveBookings } from "./useLiveBookings";
export { useLocalUpdates } from "./useLocalUpdates";
export { useBookingChange } from "./useBookingChange";
export { useCancelQuote } from "./useCancelQuote";
