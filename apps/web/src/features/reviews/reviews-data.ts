import { MSG, createReviewSchema } from "@vam/shared";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { jsonBody } from "../../lib/json-body";
import { attempt } from "../../lib/result";
import { fetchReviewPage, submitReview } from "./reviews-api";

/** `REVIEW_PAGE_PATH` (`?cursor=`; the address is `reviewPageHref`, reviews-routes.ts): the next page of published reviews about a user. */
export function reviewPageLoader({ params, request }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  return attempt(() => fetchReviewPage(params.userId ?? "", cursor), MSG.reviewsLoadFailed);
}

/** Shown when a review could not be sent and the server gave no reason. */
export const REVIEW_SUBMIT_FAILED = "Could not submit your review. Please try again.";

/** `REVIEW_SUBMIT_PATH` (`reviewSubmitHref`, reviews-routes.ts): a party reviews the other; answers the booking with its reviews updated. */
export async function submitReviewAction({ params, request }: ActionFunctionArgs) {
  const body = await jsonBody(request, createReviewSchema);
  if (!body.ok) return body;
  const result = await attempt(() => submitReview(params.bookingId ?? "", body.data), REVIEW_SUBMIT_FAILED);
  if (result.ok) toast.success(MSG.reviewSubmittedToast);
  return result;
}
