import { MSG, type CreateReviewInput } from "@vam/shared";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { jsonBody } from "../../lib/actions";
import { attempt } from "../../lib/result";
import { fetchReviewPage, submitReview } from "./reviews-api";

/** `/data/reviews/:userId?cursor=` (`reviewPageHref`, reviews-routes.ts): the next page of published reviews about a user. */
export function reviewPageLoader({ params, request }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  return attempt(() => fetchReviewPage(params.userId ?? "", cursor), MSG.reviewsLoadFailed);
}

/** Shown when a review could not be sent and the server gave no reason. */
export const REVIEW_SUBMIT_FAILED = "Could not submit your review. Please try again.";

/** `/data/reviews/booking/:bookingId` (`reviewSubmitHref`): a party reviews the other; answers the booking with its reviews updated. */
export async function submitReviewAction({ params, request }: ActionFunctionArgs) {
  const input = await jsonBody<CreateReviewInput>(request);
  const result = await attempt(() => submitReview(params.bookingId ?? "", input), REVIEW_SUBMIT_FAILED);
  if (result.ok) toast.success(MSG.reviewSubmittedToast);
  return result;
}
