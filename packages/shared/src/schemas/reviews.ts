import { z } from "zod";
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX } from "../constants.js";
import { MSG } from "../messages.js";
import { cursorParam, id, instant, multiLineText } from "./fields.js";

/** `POST /bookings/{id}/review`: 1 to 5 stars and an optional plain text. */
export const createReviewSchema = z.object({
  rating: z
    .number({ error: MSG.reviewRatingInvalid })
    .int(MSG.reviewRatingInvalid)
    .min(RATING_MIN, MSG.reviewRatingInvalid)
    .max(RATING_MAX, MSG.reviewRatingInvalid),
  // Plain text: line breaks and tabs are fine, other control characters are not.
  text: multiLineText()
    .max(REVIEW_TEXT_MAX, MSG.reviewTextTooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const REVIEW_PAGE_SIZE = 10;

/** `GET /profiles/{userId}/reviews?cursor=`. */
export const reviewPageSchema = z.object({ cursor: cursorParam });

/** What a reviews page's cursor holds: the last review's publication instant and id. */
export const reviewCursorSchema = z.strictObject({ publishedAt: instant, id: id() });
