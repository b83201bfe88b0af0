import type { GalleryPhoto } from "@vam/shared";
import ImageOff from "lucide-react/icons/image-off";
import { Suspense, useState } from "react";
import { Await, useFetcher, useFetchers, useSubmit } from "react-router";
import type { ActionResult } from "../../lib/actions";
import { GalleryUploader } from "./GalleryUploader";
import { PhotoGrid } from "./PhotoGrid";
import { PhotoViewer } from "./PhotoViewer";
import type { GalleryChange } from "./gallery-data";
import { GALLERY_ACTION } from "./gallery-routes";

/** Each deletion is its own fetcher, so that several can be on their way at once. */
const DELETE_KEY = "gallery-delete:";

interface GalleryViewProps {
  /** The photos, as the page's loader (or the dialog's tab) asked for them. */
  /** On its way (a page's deferred data), or already here (a page the server draws: decision 0030). */
  photos: Promise<GalleryPhoto[]> | GalleryPhoto[];
  /** The owner's own gallery (loaded through the owner endpoint): upload and delete, after which the page's loaders run again. */
  editable?: boolean;
  /** The signed-in user is its owner (also where it is not editable, e.g. the profile dialog): an empty one invites them to add photos. */
  owner?: boolean;
}

export function GalleryView({ photos, editable = false, owner = editable }: GalleryViewProps) {
  const [open, setOpen] = useState<GalleryPhoto | null>(null);
  const submit = useSubmit();
  const fetchers = useFetchers();
  const deleting = new Set(fetchers.filter((fetcher) => fetcher.key.startsWith(DELETE_KEY)).map((fetcher) => fetcher.key.slice(DELETE_KEY.length)));
  // The deletion asked for last: its refusal is shown until the next one.
  const [lastDeleted, setLastDeleted] = useState<string | null>(null);
  const last = useFetcher<ActionResult<unknown>>({ key: `${DELETE_KEY}${lastDeleted ?? ""}` });
  const deleteError = lastDeleted && last.data && !last.data.ok ? "Failed to delete the photo. Please try again." : null;

  const onDelete = (photo: GalleryPhoto) => {
    if (!window.confirm("Are you sure you want to delete this photo?")) return;
    setLastDeleted(photo.id);
    const change: GalleryChange = { intent: "delete", photoId: photo.id };
    void submit(change, {
      method: "post",
      encType: "application/json",
      action: GALLERY_ACTION,
      navigate: false,
      fetcherKey: `${DELETE_KEY}${photo.id}`,
    });
  };

  return (
    <div className="space-y-4">
      {editable && <GalleryUploader />}
      {deleteError && (
        <p role="alert" className="text-sm text-rose-300">
          {deleteError}
        </p>
      )}
      <Suspense
        fallback={
          <p role="status" className="text-sm text-slate-400">
            Loading...
          </p>
        }
      >
        <Await
          resolve={photos}
          errorElement={
            <p role="alert" className="text-sm text-rose-300">
              {editable ? "Failed to load your gallery photos" : "Failed to load gallery photos"}
            </p>
          }
        >
          {(loaded: GalleryPhoto[]) =>
            loaded.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-700 px-4 py-10 text-center">
                <ImageOff aria-hidden="true" className="size-8 text-slate-500" />
                <p className="font-medium text-slate-200">No photos in gallery</p>
                {owner && <p className="text-sm text-slate-400">Add photos to showcase your work and skills</p>}
              </div>
            ) : (
              <PhotoGrid photos={loaded} onOpen={setOpen} onDelete={editable ? onDelete : undefined} deleting={deleting} />
            )
          }
        </Await>
      </Suspense>
      <PhotoViewer photo={open} onClose={() => setOpen(null)} />
    </div>
  );
}
