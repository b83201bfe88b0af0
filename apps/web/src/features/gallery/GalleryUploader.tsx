import type { GalleryPhoto } from "@vam/shared";
import { useState } from "react";
import { ApiError } from "../../api/errors";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { UploadWidget } from "../../components/upload/UploadWidget";
import { addPhoto } from "./gallery-api";

/** The owner adds a photo: optional title and description, then the upload adds it to the gallery. */
export function GalleryUploader({ onAdded }: { onAdded: (photo: GalleryPhoto) => void }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onUploaded = async (imageUrl: string) => {
    setError(null);
    try {
      const photo = await addPhoto({
        imageUrl,
        isPublic: true,
        title: title.trim() || undefined,
        description: description.trim() || undefined,
      });
      onAdded(photo);
      setTitle("");
      setDescription("");
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Failed to add photo");
    }
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
      <UploadWidget folder="gallery" label="Add photo" onUploaded={(url) => void onUploaded(url)} />
      <FormAlert message={error} />
    </div>
  );
}
