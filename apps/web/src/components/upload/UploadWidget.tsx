import { FLASH_MS, type UploadFolder } from "@vam/shared";
import CircleCheck from "lucide-react/icons/circle-check";
import ImageUp from "lucide-react/icons/image-up";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { uploadImage } from "../../api/upload";
import { ProgressBar } from "../ProgressBar";
import { maxUploadMb, validateImage } from "./validate-image";

type UploadState = { status: "idle" } | { status: "uploading"; progress: number } | { status: "success" } | { status: "error"; message: string };

interface UploadWidgetProps {
  folder: UploadFolder;
  label: string;
  onUploaded: (imageUrl: string) => void;
}

export function UploadWidget({ folder, label, onUploaded }: UploadWidgetProps) {
  const inputId = useId();
  const hintId = useId();
  const [state, setState] = useState<UploadState>({ status: "idle" });

  useEffect(() => {
    if (state.status !== "success") return;
    const timer = setTimeout(() => setState({ status: "idle" }), FLASH_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;

    const invalid = validateImage(file, folder);
    if (invalid) {
      setState({ status: "error", message: invalid });
      return;
    }

    setState({ status: "uploading", progress: 0 });
    try {
      const imageUrl = await uploadImage(file, folder, {
        onProgress: (progress) => setState({ status: "uploading", progress }),
      });
      onUploaded(imageUrl);
      setState({ status: "success" });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  const uploading = state.status === "uploading";

  return (
    <div className="space-y-2">
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        className="peer sr-only"
        aria-describedby={hintId}
        disabled={uploading}
        onChange={(event) => void onChange(event)}
      />
      <label
        htmlFor={inputId}
        className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-slate-600 bg-slate-900/60 px-4 py-3 text-sm text-slate-300 transition-colors hover:border-teal-400 hover:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-400 peer-disabled:cursor-wait peer-disabled:opacity-70"
      >
        <ImageUp aria-hidden="true" className="size-5 text-teal-400" />
        <span>
          <span className="font-medium text-slate-100">{label}</span>
          <span className="block text-xs text-slate-400" id={hintId}>
            JPG, PNG or GIF, up to {maxUploadMb(folder)} MB
          </span>
        </span>
      </label>

      {state.status === "uploading" && <ProgressBar label="Upload progress" value={state.progress} className="h-2" />}

      <div role="status" className="text-sm">
        {state.status === "success" && (
          <p className="flex items-center gap-1.5 text-teal-300">
            <CircleCheck aria-hidden="true" className="size-4" />
            Upload successful
          </p>
        )}
      </div>

      {state.status === "error" && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <span>{state.message}</span>
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setState({ status: "idle" })}>
            Try Again
          </button>
        </div>
      )}
    </div>
  );
}
