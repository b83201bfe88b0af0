import { postingSchema, saveRequestSchema, type Posting } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { ApiError } from "../../api/errors";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import { updateErrorMessage } from "../../lib/update-error";
import { createPosting, deletePosting, toggleSaved, updatePosting } from "./postings-api";

/** A refusal in the spec's update-error words, naming the field the server found wrong. */
function refusal(error: unknown): ActionResult<never> {
  const status = error instanceof ApiError ? error.status : 0;
  const field = error instanceof ApiError && error.serverMessage ? error.field : undefined;
  return { ok: false, status, message: updateErrorMessage(error), ...(field && { field }) };
}

/**
 * The postings data routes (docs/decisions/0004-data-loading-on-the-web.md), used by the
 * Assistant's postings on /profile; after each, the loaders on screen run again.
 * `POSTINGS_PATH` (lib/data-routes.ts; addresses in postings-routes.ts): POST without `:id` creates a posting, PUT with it saves it, DELETE deletes it.
 */
export async function postingAction({ request, params }: ActionFunctionArgs): Promise<ActionResult<Posting | null>> {
  const id = params.id;
  try {
    if (request.method === "DELETE" && id) {
      await deletePosting(id);
      toast.success("Posting deleted");
      return { ok: true, data: null };
    }
    const body = await jsonBody(request, postingSchema);
    if (!body.ok) return body;
    const data = body.data;
    const saved = id ? await updatePosting(id, data) : await createPosting(data);
    toast.success("Posting saved");
    return { ok: true, data: saved };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * `/{id}`'s action: `toggle-save` saves the posting or forgets it. Presses made while an answer is
 * on its way are sent after it (`toggleSaved`); the page's loader then reads what the server kept.
 */
export async function postingPageAction({ request }: ActionFunctionArgs): Promise<ActionResult<boolean>> {
  const body = await jsonBody(request, saveRequestSchema.extend({ intent: z.literal("toggle-save") }));
  if (!body.ok) return body;
  const { postId } = body.data;
  return attempt(() => toggleSaved(postId), "Could not save the place.");
}
