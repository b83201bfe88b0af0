import { z } from "zod";
import { TARGET_STATUSES } from "../booking-rules.js";
import { DURATIONS, FULL_DAY_START, SERIES_WEEKS_MAX, SERIES_WEEKS_MIN, SLOT_HOURS, SLOT_STARTS } from "../constants.js";
import { MSG } from "../messages.js";
import { id, optionalTrimmed, singleLineText } from "./fields.js";
import { paymentReferenceField } from "./payments.js";

/** A real calendar date ("yyyy-MM-dd", not "2026-02-30") from 1970 on: PostgreSQL and the slot rules read it. */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.getTime() >= 0 && parsed.toISOString().slice(0, 10) === date;
}

/**
 * Whether a booking of `duration` hours may start at `startTime`: a full day (more than one slot)
 * only from FULL_DAY_START, the morning (8 hours from 13:00 would run past the working day).
 */
export const startsInTime = (duration: number, startTime: string) => duration <= SLOT_HOURS || startTime === FULL_DAY_START;

export const isoDate = singleLineText({ error: MSG.bookingDateInvalid }).refine(isCalendarDate, MSG.bookingDateInvalid);

/** What a booking and a weekly series are both made of: who, the first date and slot, hours, the checked price. */
const newBookingFields = {
  consultantId: id(MSG.consultantNotFound),
  date: isoDate,
  startTime: z.enum(SLOT_STARTS, { error: MSG.bookingSlotInvalid }),
  duration: z.union([z.literal(DURATIONS[0]), z.literal(DURATIONS[1])], { error: MSG.bookingDurationInvalid }),
  price: z.number().optional(),
  referralCode: optionalTrimmed(32, "Referral code"),
  /**
   * The reference of the payment the payment step opened (`POST /bookings/payment`), which the
   * client paid with. Without it the server opens a payment for the booking itself.
   */
  paymentReference: paymentReferenceField.optional(),
};
/** A full day starts in the morning: the refinement both schemas apply, naming `startTime`. */
const startsFullDayInTime = (booking: { duration: number; startTime: string }) => startsInTime(booking.duration, booking.startTime);
const fullDayFromMorning = { message: MSG.bookingFullDayFromMorning, path: ["startTime"] };

/** `POST /bookings/create`. The client is the session's user; `price` is checked, never trusted. */
export const createBookingSchema = z.object(newBookingFields).refine(startsFullDayInTime, fullDayFromMorning);
export type CreateBookingInput = z.input<typeof createBookingSchema>;

const seriesWeeks = z
  .number({ error: MSG.seriesWeeksInvalid })
  .int({ error: MSG.seriesWeeksInvalid })
  .min(SERIES_WEEKS_MIN, { error: MSG.seriesWeeksInvalid })
  .max(SERIES_WEEKS_MAX, { error: MSG.seriesWeeksInvalid });

/**
 * `POST /bookings/series`: a weekly series from `date` for `weeks` weeks, leaving out `skipDates`
 * (dates of the series the client dropped after a 409). `price` is the total, checked.
 */
export const createSeriesSchema = z
  .object({
    ...newBookingFields,
    weeks: seriesWeeks,
    skipDates: z.array(isoDate).max(SERIES_WEEKS_MAX, { error: MSG.seriesSkipInvalid }).optional(),
  })
  .refine(startsFullDayInTime, fullDayFromMorning);
export type CreateSeriesInput = z.input<typeof createSeriesSchema>;

export const availabilityQuerySchema = z.object({ date: isoDate, consultantId: id(MSG.consultantNotFound) });

/** `PUT /bookings/{id}/status`. */
export const bookingStatusSchema = z.object({ status: z.enum(TARGET_STATUSES, { error: MSG.bookingStatusInvalid }) });

/** `PUT /bookings/{id}/reschedule`: the new Manila date and slot start; the duration stays. */
export const rescheduleSchema = z.object({
  date: isoDate,
  startTime: z.enum(SLOT_STARTS, { error: MSG.bookingSlotInvalid }),
});
export type RescheduleInput = z.infer<typeof rescheduleSchema>;

/** `GET /bookings/user?role=`: the bookings one receives as consultant or makes as client. */
export const bookingViewSchema = z.object({ role: z.enum(["consultant", "client"], { error: MSG.bookingViewInvalid }) });

/** `POST /referrals/apply-reward`: only the booking counts; a sent amount or referrer is ignored. */
export const applyRewardSchema = z.object({ bookingId: id(MSG.bookingNotFound) });
