import type { GalleryPhoto } from "@vam/shared";
import ImageOff from "lucide-react/icons/image-off";
import { useState } from "react";
import { GalleryUploader } from "./GalleryUploader";
import { PhotoGrid } from "./PhotoGrid";
import { PhotoViewer } from "./PhotoViewer";
import { deletePhoto } from "./gallery-api";
import { useGallery } from "./useGallery";

interface GalleryViewProps {
  userId: string;
  /** The owner's own gallery: loaded through the owner endpoint, with upload and delete. */
  editable?: boolean;
  /** The signed-in user is its owner (also where it is not editable, e.g. the profile dialog): an empty one invites them to add photos. */
  owner?: boolean;
}

export function GalleryView({ userId, editable = false, owner = editable }: GalleryViewProps) {
  const { state, added, removed } = useGallery(userId, editable);
  const [open, setOpen] = useState<GalleryPhoto | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async (photo: GalleryPhoto) => {
    if (!window.confirm("Are you sure you want to delete this photo?")) return;
    setDeleteError(null);
    setDeleting((ids) => new Set(ids).add(photo.id));
    try {
      await deletePhoto(photo.id);
      removed(photo.id);
    } catch {
      setDeleteError("Failed to delete the photo. Please try again.");
    } finally {
      setDeleting((ids) => {
        const next = new Set(ids);
        next.delete(photo.id);
        return next;
      });
    }
  };

  return (
    <div className="space-y-4">
      {editable && <GalleryUploader onAdded={added} />}
      {deleteError && (
        <p role="alert" className="text-sm text-rose-300">
          {deleteError}
        </p>
      )}
      {state.status === "loading" && (
        <p role="status" className="text-sm text-slate-400">
          Loading...
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="text-sm text-rose-300">
          {editable ? "Failed to load your gallery photos" : "Failed to load gallery photos"}
        </p>
      )}
      {state.status === "ready" && state.photos.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-700 px-4 py-10 text-center">
          <ImageOff aria-hidden="true" className="size-8 text-slate-500" />
          <p className="font-medium text-slate-200">No photos in gallery</p>
          {owner && <p className="text-sm text-slate-400">Add photos to showcase your work and skills</p>}
        </div>
      )}
      {state.status === "ready" && state.photos.length > 0 && (
        <PhotoGrid photos={state.photos} onOpen={setOpen} onDelete={editable ? (photo) => void onDelete(photo) : undefined} deleting={deleting} />
      )}
      <PhotoViewer photo={open} onClose={() => setOpen(null)} />
    </div>
  );
}
