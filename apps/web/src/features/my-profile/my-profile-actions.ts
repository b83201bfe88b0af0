import { MSG, id, updateUserSchema, type SelfUser } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { ApiError } from "../../api/errors";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import { makeProfilePublic, updateOwnUser } from "./my-profile-api";
import { updateErrorMessage } from "../../lib/update-error";

/**
 * `/profile`'s action (docs/decisions/0004-data-loading-on-the-web.md). `make-public` creates the
 * Assistant's public listing (a refusal is the spec's alert); then the page's loader runs again.
 */
export async function myProfileAction({ request }: ActionFunctionArgs) {
  const body = await jsonBody(request, z.object({ intent: z.literal("make-public") }));
  if (!body.ok) return body;
  const result = await attempt(() => makeProfilePublic(), "Error posting profile. Please try again.");
  if (result.ok) toast.success("Your profile is now public");
  else window.alert("Error posting profile. Please try again.");
  return result;
}

/**
 * `/profile/update`'s action: saves the signed-in user's own fields; a refusal in the spec's
 * update-error words. A new address changes only once its emailed link is opened: the saved user
 * keeps the old one and names the new one as waiting, which a toast says.
 */
export async function profileUpdateAction({ request }: ActionFunctionArgs): Promise<ActionResult<SelfUser>> {
  const body = await jsonBody(request, z.object({ userId: id(MSG.userNotFound), input: updateUserSchema }));
  if (!body.ok) return body;
  const { userId, input } = body.data;
  try {
    const saved = await updateOwnUser(userId, input);
    if (saved.pendingEmail && saved.pendingEmail === input.email?.trim().toLowerCase()) toast.success(MSG.emailChangePending(saved.pendingEmail));
    return { ok: true, data: saved };
  } catch (error) {
    return { ok: false, status: error instanceof ApiError ? error.status : 0, message: updateErrorMessage(error) };
  }
}
