import { MSG, type OperatorCancel, type PaymentDecision, type PayoutKind, type PayoutLineDecision, type StatementMapping } from "@vam/shared";
import { redirect, type ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
import {
  cancelBookingAsOperator,
  confirmAllStatementLines,
  confirmStatementLine,
  decidePayment,
  decidePayoutLine,
  importStatement,
  promoteUser,
  readPaymentQrImage,
  runPayoutBatch,
  savePaymentQr,
  setReviewHidden,
  setUserSuspended,
} from "./admin-api";
import { batchPath, batchTitle } from "./money-format";

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

/** A booking an operator cancels from a user's page: the reason is told to both parties. */
export interface BookingCancelChange extends OperatorCancel {
  intent: "cancelBooking";
  bookingId: string;
}

/**
 * `/admin/users` and `/admin/users/:id`: { intent, userId } suspends, restores or promotes an
 * account; { intent: "cancelBooking", bookingId, reason, wholeSeries } cancels a booking (paid
 * dates are refunded in full), a refusal shown in its dialog.
 */
export async function adminUserAction({ request }: ActionFunctionArgs) {
  const body = await jsonBody<{ intent: UserIntent; userId: string } | BookingCancelChange>(request);
  if (body.intent === "cancelBooking") {
    const { bookingId, reason, wholeSeries } = body;
    return run(
      () => cancelBookingAsOperator(bookingId, { reason, ...(wholeSeries && { wholeSeries }) }),
      wholeSeries ? "Booking and the rest of its series cancelled" : "Booking cancelled",
      "Failed to cancel the booking. Please try again.",
    );
  }
  const { intent, userId } = body;
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

/** A submission's fields: a multipart form (one with a file) as they were sent, else the JSON body. */
async function submitted(request: Request): Promise<{ intent?: unknown; fields: Record<string, unknown> }> {
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const fields = Object.fromEntries((await request.formData()).entries());
    return { intent: fields.intent, fields };
  }
  const fields = await jsonBody<Record<string, unknown>>(request);
  return { intent: fields.intent, fields };
}

/**
 * `/admin/payment-qr`: { intent: "save", text } sets the platform's QR Ph code (JSON); a form with
 * intent "read" and an `image` reads the code a picture holds, saving nothing. A refusal is shown
 * beside the form.
 */
export async function adminPaymentQrAction({ request }: ActionFunctionArgs) {
  const { intent, fields } = await submitted(request);
  if (intent === "read") {
    const image = fields.image;
    if (!(image instanceof Blob) || image.size === 0) return { ok: false, status: 400, message: MSG.uploadMissingFile } satisfies ActionResult;
    return attempt(() => readPaymentQrImage(image), "Could not read the picture. Please try again.");
  }
  return run(() => savePaymentQr(String(fields.text ?? "")), "Payment QR code saved", "Failed to save the QR code. Please try again.");
}

/**
 * `/admin/statements`: a form with intent "import", the `file` and, for a layout the server does
 * not know, the `mapping` (JSON) imports a statement (its summary is shown on the page); JSON
 * { intent: "confirm", lineId } confirms one line's proposal and { intent: "confirmAll", proposal }
 * every open line of that kind, each toasting what the server did.
 */
export async function adminStatementsAction({ request }: ActionFunctionArgs) {
  const { intent, fields } = await submitted(request);
  if (intent === "import") {
    const file = fields.file;
    if (!(file instanceof Blob) || file.size === 0)
      return { ok: false, status: 400, message: MSG.statementFileMissing, field: "file" } satisfies ActionResult;
    const mapping = typeof fields.mapping === "string" ? (JSON.parse(fields.mapping) as StatementMapping) : undefined;
    return attempt(() => importStatement(file, mapping), "Failed to import the statement. Please try again.");
  }
  if (intent === "confirm") {
    const result = await attempt(() => confirmStatementLine(String(fields.lineId)), "Failed to confirm the line. Please try again.");
    if (!result.ok) toast.error(result.message);
    else if (result.data.outcome === "paid") toast.success(result.data.message);
    // Kept as proof only, or money due back to the client: something still to do.
    else toast.warning(result.data.message);
    return result;
  }
  const proposal = fields.proposal === "likely" ? "likely" : "matched";
  const result = await attempt(() => confirmAllStatementLines(proposal), "Failed to confirm the lines. Please try again.");
  if (result.ok) toast.success(result.data.message);
  return result;
}

/**
 * `/admin/payouts` and `/admin/refunds`: { kind } puts every ready balance (or refund) into a new
 * batch and opens its page; a refusal (nothing is ready any more) stays in the dialog.
 */
export async function adminMoneyOutAction({ request }: ActionFunctionArgs): Promise<ActionResult<unknown> | Response> {
  const { kind } = await jsonBody<{ kind: PayoutKind }>(request);
  const result = await attempt(
    () => runPayoutBatch(kind),
    kind === "REFUND" ? "Failed to run the refund batch. Please try again." : "Failed to run the payout batch. Please try again.",
  );
  if (!result.ok) return result;
  toast.success(`${batchTitle(result.data)} created`);
  return redirect(batchPath(result.data));
}

/**
 * `/admin/payouts/batches/:id`: { lineId, decision } marks a line sent (with the transfer's
 * reference) or failed (with why); a refusal (already marked) stays in the dialog.
 */
export async function adminPayoutLineAction({ request }: ActionFunctionArgs) {
  const { lineId, decision } = await jsonBody<{ lineId: string; decision: PayoutLineDecision }>(request);
  return run(
    () => decidePayoutLine(lineId, decision),
    decision.state === "SENT" ? "Line marked sent" : "Line marked failed",
    "Failed to mark the line. Please try again.",
  );
}
