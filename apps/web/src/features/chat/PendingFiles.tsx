import FileText from "lucide-react/icons/file-text";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import X from "lucide-react/icons/x";
import { ProgressBar } from "../../components/ProgressBar";
import { formatFileSize } from "./file-size";
import type { PendingFile } from "./useChatUploads";

interface PendingFilesProps {
  files: PendingFile[];
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}

/** The files of the message being written: each with its progress, and Cancel, Retry or Remove. */
export function PendingFiles({ files, onRemove, onRetry }: PendingFilesProps) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Files to send" className="mb-2 space-y-2">
      {files.map((item) => (
        <li key={item.key} className="rounded-lg border border-slate-700 bg-slate-900/70 px-3 py-2 text-sm">
          <div className="flex items-center gap-2">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-teal-400" />
            <span className="min-w-0 flex-1 truncate text-slate-100">{item.file.name}</span>
            <span className="shrink-0 text-xs text-slate-400">{formatFileSize(item.file.size)}</span>
            {item.status === "failed" && (
              <button
                type="button"
                className="btn-secondary h-9 px-2 text-xs"
                onClick={() => onRetry(item.key)}
                aria-label={`Retry ${item.file.name}`}
              >
                <RotateCcw aria-hidden="true" className="size-3.5" />
                Retry
              </button>
            )}
            <button
              type="button"
              className="btn-secondary h-9 px-2 text-xs"
              onClick={() => onRemove(item.key)}
              aria-label={`${item.status === "uploading" ? "Cancel" : "Remove"} ${item.file.name}`}
            >
              <X aria-hidden="true" className="size-3.5" />
              {item.status === "uploading" ? "Cancel" : "Remove"}
            </button>
          </div>
          {item.status === "uploading" && <ProgressBar label={`Uploading ${item.file.name}`} value={item.progress} className="mt-2 h-1.5" />}
          <p role="status" className="mt-1 text-xs">
            {item.status === "done" && <span className="text-teal-300">Ready to send</span>}
            {item.status === "failed" && <span className="text-red-300">{item.error}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
