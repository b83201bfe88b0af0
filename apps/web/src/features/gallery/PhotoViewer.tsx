import type { GalleryPhoto } from "@vam/shared";
import { Modal } from "../../components/Modal";

/** The larger view of one gallery photo, with its title and description. */
export function PhotoViewer({ photo, onClose }: { photo: GalleryPhoto | null; onClose: () => void }) {
  return (
    <Modal open={photo !== null} onClose={onClose} title={photo?.title || "Photo"} className="max-w-3xl">
      {photo && (
        <figure className="space-y-4">
          <img src={photo.imageUrl} alt={photo.title ?? ""} className="max-h-[65vh] w-full rounded-xl bg-slate-950 object-contain" />
          {photo.description && <figcaption className="text-sm leading-relaxed text-slate-300">{photo.description}</figcaption>}
        </figure>
      )}
    </Modal>
  );
}
