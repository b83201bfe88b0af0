import {
  DAY_MS,
  MAX_UNPAID_DATES,
  MAX_UNPAID_PAYMENTS,
  OPERATOR_ROLE,
  REVIEW_WINDOW_DAYS,
  type AccountRole,
  type PaymentStatus,
} from "./constants.js";
import { MSG } from "./messages.js";
import type { BookingStatus } from "./types.js";

/** Who is acting on a booking. */
export type BookingParty = "consultant" | "client";
export type BookingAction = "accept" | "cancel" | "complete" | "reschedule";

/** The status each status-changing action leads to. */
export const ACTION_STATUS = { accept: "CONFIRMED", cancel: "CANCELLED", complete: "COMPLETED" } as const satisfies Record<
  Exclude<BookingAction, "reschedule">,
  BookingStatus
>;

/** Statuses a booking can be moved to through `PUT /bookings/{id}/status`. */
export const TARGET_STATUSES = Object.values(ACTION_STATUS);

const ACTIVE: readonly BookingStatus[] = ["PENDING", "CONFIRMED"];
export const isActiveBooking = (status: BookingStatus) => ACTIVE.includes(status);

/** What the rules need to know of a booking. `endsAt` is an instant (ISO string or Date). */
export interface BookingFacts {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  endsAt: string | Date;
}

/**
 * docs/spec/decisions.md: who may do what, from which status, and when. COMPLETED and CANCELLED are
 * final; completing also needs a verified payment and a booking that is over.
 */
const RULES: Record<BookingAction, { from: readonly BookingStatus[]; by: readonly BookingParty[] }> = {
  accept: { from: ["PENDING"], by: ["consultant"] },
  cancel: { from: ACTIVE, by: ["consultant", "client"] },
  complete: { from: ACTIVE, by: ["consultant"] },
  reschedule: { from: ACTIVE, by: ["consultant", "client"] },
};

const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** Why `party` may not `action` the booking at `now`, or null when it may. */
export function bookingRefusal(action: BookingAction, booking: BookingFacts, party: BookingParty, now: Date = new Date()): string | null {
  const rule = RULES[action];
  const { status } = booking;
  if (status === "COMPLETED" || status === "CANCELLED") return MSG.bookingFinal(status);
  if (!rule.by.includes(party)) return MSG.bookingOnlyConsultant(action);
  if (!rule.from.includes(status)) return MSG.bookingNotPending;
  if (action === "complete") {
    if (booking.paymentStatus !== "PAID") return MSG.bookingCompleteUnpaid;
    if (instant(booking.endsAt) > now) return MSG.bookingCompleteNotOver;
  }
  return null;
}

export const canActOnBooking = (action: BookingAction, booking: BookingFacts, party: BookingParty, now: Date = new Date()) =>
  bookingRefusal(action, booking, party, now) === null;

/**
 * Why `booker` may not book the person `consultantId` at all, or null when they may
 * (docs/spec/decisions.md: an Operator never books, an Assistant never books themselves). The server
 * refuses with it (Operator 403, oneself 400) and the booking page says it at load.
 */
export function bookerRefusal(booker: { id: string; role: AccountRole }, consultantId: string): string | null {
  if (booker.role === OPERATOR_ROLE) return MSG.bookingNotBookable;
  if (booker.id === consultantId) return MSG.bookingSelf;
  return null;
}

/** Why an operator may not mark the payment of a booking, or null when they may. */
export function paymentDecisionRefusal(booking: { status: BookingStatus; paymentStatus: PaymentStatus }): string | null {
  if (booking.paymentStatus !== "UNVERIFIED") return MSG.paymentAlreadyDecided(MSG.paymentLabel[booking.paymentStatus]);
  if (!isActiveBooking(booking.status)) return MSG.paymentBookingClosed;
  return null;
}

/** Until when the parties of a booking completed at `completedAt` may review each other. */
export const reviewClosesAt = (completedAt: string | Date) => new Date(instant(completedAt).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

/** Why a party may not review a booking now, or null when they may. */
export function reviewRefusal(
  booking: { status: BookingStatus; completedAt: string | Date | null },
  alreadyReviewed: boolean,
  now: Date = new Date(),
): string | null {
  if (booking.status !== "COMPLETED" || !booking.completedAt) return MSG.reviewNotCompleted;
  if (alreadyReviewed) return MSG.reviewExists;
  if (reviewClosesAt(booking.completedAt) <= now) return MSG.reviewWindowClosed;
  return null;
}

/**
 * Why a client holding `hold` (unpaid payments and their dates) may not open a payment for
 * `newDates` more dates, or null when they may (decisions.md, "Payment": the unpaid cap).
 */
export function unpaidRefusal(hold: { payments: number; dates: number }, newDates = 1): string | null {
  if (hold.payments >= MAX_UNPAID_PAYMENTS) return MSG.bookingUnpaidCap;
  if (hold.dates + newDates > MAX_UNPAID_DATES) return MSG.bookingUnpaidDatesCap(hold.dates);
  return null;
}

/** "4.8 · 23 reviews", or "New" for someone nobody has reviewed yet. */
export function formatRating(average: number | null, count: number): string {
  if (!count || average === null) return MSG.noRatingYet;
  return `${average.toFixed(1)} · ${count} review${count === 1 ? "" : "s"}`;
}

/** The action that moves a booking to `status`. */
export function actionFor(status: (typeof TARGET_STATUSES)[number]): Exclude<BookingAction, "reschedule"> {
  return (Object.keys(ACTION_STATUS) as (keyof typeof ACTION_STATUS)[]).find((action) => ACTION_STATUS[action] === status)!;
}

/** Referral rewards (pesos), paid once per completed booking. */
export const REFERRAL_REWARD = { underFullDay: 500, fullDay: 1000, fullDayHours: 8 } as const;
export const referralRewardFor = (hours: number) => (hours >= REFERRAL_REWARD.fullDayHours ? REFERRAL_REWARD.fullDay : REFERRAL_REWARD.underFullDay);

/** Displayed earnings: 125 pesos per booked hour of one's referrals, or what was paid if more. */
export const REFERRAL_PESOS_PER_HOUR = 125;
export const displayedEarnings = (bookedHours: number, paid: number) => Math.max(REFERRAL_PESOS_PER_HOUR * bookedHours, paid);
