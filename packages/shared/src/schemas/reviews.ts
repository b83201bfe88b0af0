import { z } from "zod";
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX } from "../constants.js";
import { MSG } from "../messages.js";

/** `POST /bookings/{id}/review`: 1 to 5 stars and an optional plain text. */
export const createReviewSchema = z.object({
  rating: z.number({ error: MSG.reviewRatingInvalid }).int(MSG.reviewRatingInvalid).min(RATING_MIN, MSG.reviewRatingInvalid).max(RATING_MAX, MSG.reviewRatingInvalid),
  text: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, MSG.reviewTextTooLong)
    // Plain text: line breaks and tabs are fine, other control characters are not.
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), MSG.reviewTextControl)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const REVIEW_PAGE_SIZE = 10;

/** `GET /profiles/{userId}/reviews?cursor=`. */
export const reviewPageSchema = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
