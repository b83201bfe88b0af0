import type { GalleryPhoto, GalleryPhotoInput } from "@vam/shared";
import { api } from "../../api/client";

/** The owner's own gallery (`/gallery/user`) or anyone's public one. */
export function fetchGallery(userId: string, owner: boolean): Promise<GalleryPhoto[]> {
  const id = encodeURIComponent(userId);
  return api.get<GalleryPhoto[]>(owner ? `/gallery/user/${id}` : `/gallery/public/${id}`);
}

/**
 * The gallery for `<GalleryView>` (which shows its loading and failed states through <Await>):
 * started by a loader or by the handler that opens it, never by an effect.
 */
export function galleryRequest(userId: string, owner: boolean): Promise<GalleryPhoto[]> {
  const request = fetchGallery(userId, owner);
  // <Await> reports the rejection; this keeps it from also counting as unhandled meanwhile.
  request.catch(() => undefined);
  return request;
}

export function addPhoto(input: GalleryPhotoInput): Promise<GalleryPhoto> {
  return api.post<GalleryPhoto>("/gallery", input);
}

export function deletePhoto(photoId: string): Promise<unknown> {
  return api.delete(`/gallery/${encodeURIComponent(photoId)}`);
}
