import {
  MSG,
  PAYOUT_KINDS,
  confirmAllSchema,
  id,
  operatorCancelSchema,
  paymentDecisionSchema,
  payoutLineDecisionSchema,
  reviewVisibilitySchema,
  setPaymentQrSchema,
  statementMappingSchema,
  type OperatorCancel,
  type StatementMapping,
} from "@vam/shared";
import { redirect, type ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody, jsonText } from "../../lib/json-body";
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
  const body = await jsonBody(request, paymentDecisionSchema.extend({ bookingId: id(MSG.paymentNotFound) }));
  if (!body.ok) return body;
  const { bookingId, status } = body.data;
  return run(
    async () => (await decidePayment(bookingId, status)).booking,
    status === "PAID" ? MSG.paymentReceivedToast : MSG.paymentRejectedToast,
    "Failed to update the payment. Please try again.",
  );
}

const USER_INTENTS = ["suspend", "restore", "promote"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];

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

const userChangeSchema = z.union([
  z.object({ intent: z.enum(USER_INTENTS), userId: id(MSG.userNotFound) }),
  operatorCancelSchema.extend({ intent: z.literal("cancelBooking"), bookingId: id(MSG.bookingNotFound) }),
]);

/**
 * `/admin/users` and `/admin/users/:id`: { intent, userId } suspends, restores or promotes an
 * account; { intent: "cancelBooking", bookingId, reason, wholeSeries } cancels a booking (paid
 * dates are refunded in full), a refusal shown in its dialog.
 */
export async function adminUserAction({ request }: ActionFunctionArgs) {
  const parsed = await jsonBody(request, userChangeSchema);
  if (!parsed.ok) return parsed;
  const body = parsed.data;
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
  const body = await jsonBody(request, reviewVisibilitySchema.extend({ reviewId: id(MSG.reviewNotFound) }));
  if (!body.ok) {
    toast.error(body.message);
    return body;
  }
  const { reviewId, hidden } = body.data;
  const result = await run(
    async () => (await setReviewHidden(reviewId, hidden)).review,
    hidden ? "Review hidden" : "Review shown",
    hidden ? "Failed to hide the review. Please try again." : "Failed to show the review. Please try again.",
  );
  if (!result.ok) toast.error(result.message);
  return result;
}

/** A submission: a multipart form (one with a file) as it was sent, else the JSON body parsed with `schema`. */
async function submitted<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<ActionResult<{ form: Record<string, FormDataEntryValue> } | { json: z.output<S> }>> {
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data"))
    return { ok: true, data: { form: Object.fromEntries((await request.formData()).entries()) } };
  const body = await jsonBody(request, schema);
  return body.ok ? { ok: true, data: { json: body.data } } : body;
}

/** `/admin/payment-qr`'s JSON body: the code's text to save. */
const paymentQrSaveSchema = setPaymentQrSchema.extend({ intent: z.literal("save") });

/** `/admin/statements`' JSON bodies: confirm one line, or every open line of one kind. */
const statementConfirmSchema = z.union([
  z.object({ intent: z.literal("confirm"), lineId: id(MSG.statementLineNotFound) }),
  confirmAllSchema.extend({ intent: z.literal("confirmAll") }),
]);

/**
 * `/admin/payment-qr`: { intent: "save", text } sets the platform's QR Ph code (JSON); a form with
 * intent "read" and an `image` reads the code a picture holds, saving nothing. A refusal is shown
 * beside the form.
 */
export async function adminPaymentQrAction({ request }: ActionFunctionArgs) {
  const body = await submitted(request, paymentQrSaveSchema);
  if (!body.ok) return body;
  if ("form" in body.data) {
    const image = body.data.form.image;
    if (!(image instanceof Blob) || image.size === 0) return { ok: false, status: 400, message: MSG.uploadMissingFile } satisfies ActionResult;
    return attempt(() => readPaymentQrImage(image), "Could not read the picture. Please try again.");
  }
  const { text } = body.data.json;
  return run(() => savePaymentQr(text), "Payment QR code saved", "Failed to save the QR code. Please try again.");
}

/**
 * `/admin/statements`: a form with intent "import", the `file` and, for a layout the server does
 * not know, the `mapping` (JSON) imports a statement (its summary is shown on the page); JSON
 * { intent: "confirm", lineId } confirms one line's proposal and { intent: "confirmAll", proposal }
 * every open line of that kind, each toasting what the server did.
 */
export async function adminStatementsAction({ request }: ActionFunctionArgs) {
  const body = await submitted(request, statementConfirmSchema);
  if (!body.ok) {
    toast.error(body.message);
    return body;
  }
  if ("form" in body.data) {
    const { file, mapping: mappingText } = body.data.form;
    if (!(file instanceof Blob) || file.size === 0)
      return { ok: false, status: 400, message: MSG.statementFileMissing, field: "file" } satisfies ActionResult;
    let mapping: StatementMapping | undefined;
    if (typeof mappingText === "string") {
      // Whatever is wrong with the columns, the form says which to choose.
      const parsed = jsonText(mappingText, statementMappingSchema);
      if (!parsed.ok) return { ok: false, status: 400, message: MSG.statementMappingInvalid, field: "mapping" } satisfies ActionResult;
      mapping = parsed.data;
    }
    return attempt(() => importStatement(file, mapping), "Failed to import the statement. Please try again.");
  }
  const change = body.data.json;
  if (change.intent === "confirm") {
    const result = await attempt(() => confirmStatementLine(change.lineId), "Failed to confirm the line. Please try again.");
    if (!result.ok) toast.error(result.message);
    else if (result.data.outcome === "paid") toast.success(result.data.message);
    // Kept as proof only, or money due back to the client: something still to do.
    else toast.warning(result.data.message);
    return result;
  }
  const { proposal } = change;
  const result = await attempt(() => confirmAllStatementLines(proposal), "Failed to confirm the lines. Please try again.");
  if (result.ok) toast.success(result.data.message);
  return result;
}

/**
 * `/admin/payouts` and `/admin/refunds`: { kind } puts every ready balance (or refund) into a new
 * batch and opens its page; a refusal (nothing is ready any more) stays in the dialog.
 */
export async function adminMoneyOutAction({ request }: ActionFunctionArgs): Promise<ActionResult<unknown> | Response> {
  const body = await jsonBody(request, z.object({ kind: z.enum(PAYOUT_KINDS) }));
  if (!body.ok) return body;
  const { kind } = body.data;
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
  const body = await jsonBody(request, z.object({ lineId: id(MSG.payoutLineNotFound), decision: payoutLineDecisionSchema }));
  if (!body.ok) return body;
  const { lineId, decision } = body.data;
  return run(
    () => decidePayoutLine(lineId, decision),
    decision.state === "SENT" ? "Line marked sent" : "Line marked failed",
    "Failed to mark the line. Please try again.",
  );
}
