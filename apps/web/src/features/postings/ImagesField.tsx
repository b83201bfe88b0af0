import { MAX_POSTING_IMAGES } from "@vam/shared";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef } from "react";
import { UploadWidget } from "../../components/upload/UploadWidget";

interface ImagesFieldProps {
  images: string[];
  onAdd: (imageUrl: string) => void;
  onRemove: (index: number) => void;
  error?: string;
}

/** The posting's images as removable thumbnails, and an upload for one more. */
export function ImagesField({ images, onAdd, onRemove, error }: ImagesFieldProps) {
  const errorId = useId();
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  // A removed image takes its button along: focus moves to the next one, or to the upload.
  const refocusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = refocusIndex.current;
    if (index === null) return;
    refocusIndex.current = null;
    const fieldset = fieldsetRef.current;
    const target =
      fieldset?.querySelector<HTMLElement>(`[data-remove-index="${Math.min(index, images.length - 1)}"]`) ??
      fieldset?.querySelector<HTMLElement>('input[type="file"]');
    target?.focus();
  }, [images]);

  const remove = (index: number) => {
    refocusIndex.current = index;
    onRemove(index);
  };

  return (
    <fieldset ref={fieldsetRef} className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-200">
        Images <span className="font-normal text-slate-400">(1 to {MAX_POSTING_IMAGES})</span>
      </legend>
      {images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {images.map((image, index) => (
            <li key={`${image}-${index}`} className="relative">
              <img src={image} alt={`Image ${index + 1}`} className="aspect-square w-full rounded-lg object-cover" />
              <button
                type="button"
                aria-label={`Remove image ${index + 1}`}
                title={`Remove image ${index + 1}`}
                data-remove-index={index}
                onClick={() => remove(index)}
                className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-slate-950/85 text-slate-200 ring-1 ring-slate-700 hover:bg-rose-600 hover:text-white"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.length < MAX_POSTING_IMAGES && <UploadWidget folder="postings" label="Add image" onUploaded={onAdd} />}
      {error && (
        <p id={errorId} className="text-xs font-medium text-rose-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
