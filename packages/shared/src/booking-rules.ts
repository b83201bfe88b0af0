import type { BookingStatus } from "./types.js";
import { MSG } from "./messages.js";

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

/** decisions.md: who may do what, from which status. COMPLETED and CANCELLED are final. */
const RULES: Record<BookingAction, { from: readonly BookingStatus[]; by: readonly BookingParty[] }> = {
  accept: { from: ["PENDING"], by: ["consultant"] },
  cancel: { from: ACTIVE, by: ["consultant", "client"] },
  complete: { from: ACTIVE, by: ["consultant"] },
  reschedule: { from: ACTIVE, by: ["consultant", "client"] },
};

const VERB: Record<BookingAction, string> = { accept: "accept", cancel: "cancel", complete: "complete", reschedule: "reschedule" };

/** Why `party` may not `action` a booking in `status`, or null when it may. */
export function bookingRefusal(action: BookingAction, status: BookingStatus, party: BookingParty): string | null {
  const rule = RULES[action];
  if (status === "COMPLETED" || status === "CANCELLED") return MSG.bookingFinal(status);
  if (!rule.by.includes(party)) return MSG.bookingOnlyConsultant(VERB[action]);
  if (!rule.from.includes(status)) return MSG.bookingNotPending;
  return null;
}

export const canActOnBooking = (action: BookingAction, status: BookingStatus, party: BookingParty) =>
  bookingRefusal(action, status, party) === null;

/** The action that moves a booking to `status`. */
export function actionFor(status: (typeof TARGET_STATUSES)[number]): Exclude<BookingAction, "reschedule"> {
  return (Object.keys(ACTION_STATUS) as (keyof typeof ACTION_STATUS)[]).find((action) => ACTION_STATUS[action] === status)!;
}

/** Referral rewards (pesos), paid once per completed booking. */
export const REFERRAL_REWARD = { underFullDay: 500, fullDay: 1000, fullDayHours: 8 } as const;
export const referralRewardFor = (hours: number) =>
  hours >= REFERRAL_REWARD.fullDayHours ? REFERRAL_REWARD.fullDay : REFERRAL_REWARD.underFullDay;

/** Displayed earnings: 125 pesos per booked hour of one's referrals, or what was paid if more. */
export const REFERRAL_PESOS_PER_HOUR = 125;
export const displayedEarnings = (bookedHours: number, paid: number) => Math.max(REFERRAL_PESOS_PER_HOUR * bookedHours, paid);
