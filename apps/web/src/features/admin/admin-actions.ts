import { MSG, type PaymentDecision } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
import { decidePayment, promoteUser, setReviewHidden, setUserSuspended } from "./admin-api";

/**
 * The console's route actions (docs/decisions/0004-data-loading-on-the-web.md): each calls the
 * API, toasts when it worked and answers an `ActionResult`; React Router then loads the page's
 * data again, so a refusal because someone else acted first (409) shows what is now true.
 */

async function run<T>(request: () => Promise<T>, success: string, failure: string): Promise<ActionResult<T>> {
  const result = await attempt(request, failure);
  if (result.ok) toast.success(success);
  return result;
}

/** `/admin/payments`: { bookingId, status } marks a payment received or not received. */
export async function adminPaymentAction({ request }: ActionFunctionArgs) {
  const { bookingId, status } = await jsonBody<{ bookingId: string; status: PaymentDecision }>(request);
  return run(
    async () => (await decidePayment(bookingId, status)).booking,
    status === "PAID" ? MSG.paymentReceivedToast : MSG.paymentRejectedToast,
    "Failed to update the payment. Please try again.",
  );
}

export type UserIntent = "suspend" | "restore" | "promote";

/** What each account change says when it worked, and when it failed without the server's reason. */
export const USER_INTENT_TEXTS: Record<UserIntent, { success: string; failure: string }> = {
  suspend: { success: "Account suspended", failure: "Failed to suspend the account. Please try again." },
  restore: { success: "Account restored", failure: "Failed to restore the account. Please try again." },
  promote: { success: "The account is now an operator", failure: "Failed to make the account an operator. Please try again." },
};

/** `/admin/users` and `/admin/users/:id`: { intent, userId } suspends, restores or promotes an account. */
export async function adminUserAction({ request }: ActionFunctionArgs) {
  const { intent, userId } = await jsonBody<{ intent: UserIntent; userId: string }>(request);
  const { success, failure } = USER_INTENT_TEXTS[intent];
  return run(
    async () => (intent === "promote" ? await promoteUser(userId) : await setUserSuspended(userId, intent === "suspend")).user,
    success,
    failure,
  );
}

/** `/admin/reviews`: { reviewId, hidden } hides a review or shows it again; a refusal is a toast (there is no dialog to show it in). */
export async function adminReviewAction({ request }: ActionFunctionArgs) {
  const { reviewId, hidden } = await jsonBody<{ reviewId: string; hidden: boolean }>(request);
  const result = await run(
    async () => (await setReviewHidden(reviewId, hidden)).review,
    hidden ? "Review hidden" : "Review shown",
    hidden ? "Failed to hide the review. Please try again." : "Failed to show the review. Please try again.",
  );
  if (!result.ok) toast.error(result.message);
  return result;
}
