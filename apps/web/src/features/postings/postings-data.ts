import type { Posting, PostingData } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../api/errors";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
import { updateErrorMessage } from "../my-profile/public";
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
 * `POST /data/postings` creates a posting, `PUT /data/postings/:id` saves it, `DELETE` deletes it.
 */
export async function postingAction({ request, params }: ActionFunctionArgs): Promise<ActionResult<Posting | null>> {
  const id = params.id;
  try {
    if (request.method === "DELETE" && id) {
      await deletePosting(id);
      toast.success("Posting deleted");
      return { ok: true, data: null };
    }
    const data = await jsonBody<PostingData>(request);
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
  const { intent, postId } = await jsonBody<{ intent: "toggle-save"; postId: string }>(request);
  if (intent !== "toggle-save") throw new Response("Unknown change", { status: 400 });
  return attempt(() => toggleSaved(postId), "Could not save the place.");
}
