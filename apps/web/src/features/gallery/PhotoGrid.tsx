import type { GalleryPhoto } from "@vam/shared";
import Trash2 from "lucide-react/icons/trash";

interface PhotoGridProps {
  photos: GalleryPhoto[];
  onOpen: (photo: GalleryPhoto) => void;
  /** Only for the owner. */
  onDelete?: (photo: GalleryPhoto) => void;
  /** Photos being deleted. */
  deleting?: ReadonlySet<string>;
}

export function PhotoGrid({ photos, onOpen, onDelete, deleting }: PhotoGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((photo, index) => {
        const name = photo.title || `Photo ${index + 1}`;
        return (
          <li key={photo.id} className="group relative">
            <figure className="overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
              <button
                type="button"
                onClick={() => onOpen(photo)}
                aria-label={`View photo: ${name}`}
                className="block aspect-[4/3] w-full overflow-hidden"
              >
                <img src={photo.imageUrl} alt="" loading="lazy" className="size-full object-cover transition duration-300 group-hover:scale-105" />
              </button>
              {photo.title && <figcaption className="truncate px-3 py-2 text-xs font-medium text-slate-200">{photo.title}</figcaption>}
            </figure>
            {onDelete && (
              <button
                type="button"
                aria-label={`Delete photo ${name}`}
                title={`Delete photo ${name}`}
                disabled={deleting?.has(photo.id)}
                onClick={() => onDelete(photo)}
                className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-slate-950/80 text-rose-300 ring-1 ring-slate-700 transition hover:bg-rose-600 hover:text-white disabled:opacity-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
