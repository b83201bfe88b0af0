import { dataHref, REVIEW_PAGE_PATH, REVIEW_SUBMIT_PATH } from "../../lib/data-routes";

/**
 * The reviews' data routes (their paths under `DATA_ROOT`, as router.tsx declares them; their loader
 * and action are in reviews-data.ts). Apart from them so that the profile page, which only builds
 * the addresses, loads neither the actions nor the toasts they raise (decision 0004, 2026-11-26).
 */

/** The reviews page about `userId` after `cursor` (the first without one). */
export const reviewPageHref = (userId: string, cursor: string | null) => dataHref(REVIEW_PAGE_PATH, { userId }, cursor ? { cursor } : undefined);

/** Where a booking's review is submitted. */
export const reviewSubmitHref = (bookingId: string) => dataHref(REVIEW_SUBMIT_PATH, { bookingId });
