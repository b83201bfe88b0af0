import { MSG, galleryPhotoSchema, id } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { attempt } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import { addPhoto, deletePhoto } from "./gallery-api";

/** What the gallery's data route is asked to do. */
const galleryChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), photo: galleryPhotoSchema }),
  z.object({ intent: z.literal("delete"), photoId: id(MSG.photoNotFound) }),
]);
export type GalleryChange = z.input<typeof galleryChangeSchema>;

/**
 * `GALLERY_ACTION` (gallery-routes.ts, docs/decisions/0004-data-loading-on-the-web.md): the owner adds a photo or
 * deletes one; then the loaders on screen run again and show the gallery as it now is.
 */
export async function galleryAction({ request }: ActionFunctionArgs) {
  const body = await jsonBody(request, galleryChangeSchema);
  if (!body.ok) return body;
  const change = body.data;
  if (change.intent === "add") return attempt(() => addPhoto(change.photo), "Failed to add photo");
  return attempt(() => deletePhoto(change.photoId), "Failed to delete the photo. Please try again.");
}
