import type { GalleryPhoto, GalleryPhotoInput } from "@vam/shared";
import { api } from "../../api/client";

/** The owner's own gallery (`/gallery/user`) or anyone's public one. */
export function fetchGallery(userId: string, owner: boolean): Promise<GalleryPhoto[]> {
  const id = encodeURIComponent(userId);
  return api.get<GalleryPhoto[]>(owner ? `/gallery/user/${id}` : `/gallery/public/${id}`);
}

export function addPhoto(input: GalleryPhotoInput): Promise<GalleryPhoto> {
  return api.post<GalleryPhoto>("/gallery", input);
}

export function deletePhoto(photoId: string): Promise<unknown> {
  return api.delete(`/gallery/${encodeURIComponent(photoId)}`);
}
