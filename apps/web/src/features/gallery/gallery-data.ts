import type { GalleryPhotoInput } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { attempt, jsonBody } from "../../lib/actions";
import { addPhoto, deletePhoto } from "./gallery-api";

/** What the gallery's data route is asked to do. */
export type GalleryChange = { intent: "add"; photo: GalleryPhotoInput } | { intent: "delete"; photoId: string };

/**
 * `/data/gallery` (docs/decisions/0004-data-loading-on-the-web.md): the owner adds a photo or
 * deletes one; then the loaders on screen run again and show the gallery as it now is.
 */
export async function galleryAction({ request }: ActionFunctionArgs) {
  const change = await jsonBody<GalleryChange>(request);
  if (change.intent === "add") return attempt(() => addPhoto(change.photo), "Failed to add photo");
  return attempt(() => deletePhoto(change.photoId), "Failed to delete the photo. Please try again.");
}
