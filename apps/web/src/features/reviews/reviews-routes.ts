/**
 * The reviews' data routes (declared with the others in router.tsx's `/data` branch; their loader
 * and action are in reviews-data.ts). Apart from them so that the profile page, which only builds
 * the addresses, loads neither the actions nor the toasts they raise (decision 0004, 2026-11-26).
 */

/** `/data/reviews/{userId}`: the reviews page after `cursor` (the first without one). */
export const reviewPageHref = (userId: string, cursor: string | null) =>
  `/data/reviews/${encodeURIComponent(userId)}${cursor ? `?${new URLSearchParams({ cursor }).toString()}` : ""}`;

/** `/data/reviews/booking/{bookingId}`: where a booking's review is submitted. */
export const reviewSubmitHref = (bookingId: string) => `/data/reviews/booking/${encodeURIComponent(bookingId)}`;
