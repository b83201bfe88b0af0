/**
 * What other features may use of reviews: writing and publishing a booking's reviews, the reviews
 * a booking shows, and the rating the console refreshes.
 */
export { publishReviews, windowClosedBefore } from "./publish.js";
export {
  bookingReviewsFor,
  insertReview,
  ofBooking,
  refreshRating,
  reviewAuthorsOfBooking,
  reviewFields,
  type ReviewRow,
  reviewsOfBookings,
} from "./queries.js";
