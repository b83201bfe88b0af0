/**
 * What other features may use of `reviews` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { BookingReviews } from "./BookingReviews";
export { ProfileReviews } from "./ProfileReviews";
export { RatingSummary } from "./RatingSummary";
export { ReviewDialog } from "./ReviewDialog";
export { fetchReviewPage } from "./reviews-api";
