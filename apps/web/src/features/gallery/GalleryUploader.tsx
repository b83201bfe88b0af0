import { useState } from "react";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { UploadWidget } from "../../components/upload/UploadWidget";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { GalleryChange } from "./gallery-data";
import { GALLERY_ACTION } from "./gallery-routes";

/**
 * The owner adds a photo: optional title and description, then the upload adds it to the gallery
 * through the gallery's data route (the page's loader then shows it). The fields empty once it is added.
 */
export function GalleryUploader() {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const { submit, result } = useActionFetcher(GALLERY_ACTION);
  useActionAnswer(result, (answer) => {
    if (!answer.ok) return;
    setTitle("");
    setDescription("");
  });

  const onUploaded = (imageUrl: string) => {
    const change: GalleryChange = {
      intent: "add",
      photo: { imageUrl, isPublic: true, title: title.trim() || undefined, description: description.trim() || undefined },
    };
    void submit(change);
  };

  return (
    <div className="space-y-4 rounded-xl border border-slate-800 bg-slate-950/40 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Photo title (optional)" maxLength={80} value={title} onChange={(event) => setTitle(event.target.value)} />
        <TextField
          label="Photo description (optional)"
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <UploadWidget folder="gallery" label="Add photo" onUploaded={onUploaded} />
      <FormAlert message={result && !result.ok ? result.message : null} />
    </div>
  );
}
