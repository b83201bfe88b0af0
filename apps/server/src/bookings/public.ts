/**
 * What other features may use of bookings: a booking with its parties, the payment decision the
 * console and reconciliation take, the referral reward paid on completion, and the sweep (the test clock runs it).
 */
export { awaitingPayment, decidePayment, type PaymentDecided, publishPaymentDecision } from "./payment-decision.js";
export { bookingsWithParties, type BookingWithParties, clients, consultants, partyBooking } from "./queries.js";
export { payReferralReward } from "./referral-reward.js";
export { sweep } from "./sweep.js";
