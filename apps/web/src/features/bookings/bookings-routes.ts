import {
  dataHref,
  FREE_TIMES_PATH,
  BOOKED_SLOTS_PATH,
  PAYMENT_PATH,
  BOOKING_CHANGE_PATH,
  SERIES_CHANGE_PATH,
  CANCELLATION_QUOTE_PATH,
} from "../../lib/data-routes";
import type { CancelTarget } from "./bookings-data";

/**
 * The bookings' data routes (their paths under `DATA_ROOT`, as router.tsx declares them; their
 * loaders and actions are in bookings-data.ts). Apart from them so that the pages that only build
 * the addresses do not load the actions and the toasts they raise with their own code.
 */

/** The addresses of the loaders, for `fetcher.load`. */
export const bookingsData = {
  cancellationQuote: ({ kind, id }: CancelTarget) => dataHref(CANCELLATION_QUOTE_PATH, { kind, id }),
  freeTimes: (consultantId: string, date: string) => dataHref(FREE_TIMES_PATH, { consultantId }, { date }),
  booked: (consultantId: string) => dataHref(BOOKED_SLOTS_PATH, { consultantId }),
  payment: (consultantId: string, duration: number, dates = 1) =>
    dataHref(PAYMENT_PATH, { consultantId }, { duration: String(duration), dates: String(dates) }),
};

/** Where a series' changes are submitted. */
export const seriesChangeHref = (seriesId: string) => dataHref(SERIES_CHANGE_PATH, { seriesId });

/** Where a booking's changes are submitted. */
export const bookingChangeHref = (bookingId: string) => dataHref(BOOKING_CHANGE_PATH, { id: bookingId });
