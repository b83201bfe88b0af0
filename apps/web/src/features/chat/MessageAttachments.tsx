import type { ChatAttachment } from "@vam/shared";
import Download from "lucide-react/icons/download";
import { formatFileSize } from "./file-size";

/**
 * A message's files: images as thumbnails opening the full image, documents as downloads with
 * their name and size (never opened in the page). URLs are signed for the reader (decision 0025).
 */
export function MessageAttachments({ attachments, mine }: { attachments: ChatAttachment[]; mine: boolean }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Files" className="mt-1 flex flex-col gap-2">
      {attachments.map((file) =>
        file.kind === "image" && file.thumbnailUrl ? (
          <li key={file.id}>
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-lg focus-visible:outline-2 focus-visible:outline-teal-300"
            >
              <img
                src={file.thumbnailUrl}
                alt={`Image: ${file.name}`}
                width={file.width ?? undefined}
                height={file.height ?? undefined}
                loading="lazy"
                className="h-auto max-h-60 w-auto max-w-full rounded-lg object-contain"
              />
              <span className="sr-only"> (opens the full image in a new tab)</span>
            </a>
          </li>
        ) : (
          <li key={file.id}>
            <a
              href={file.url}
              download={file.name}
              className={`flex items-center gap-2 rounded-lg px-3 py-2 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-300 ${
                mine ? "bg-teal-600/40 text-slate-950" : "bg-slate-900/60 text-slate-100"
              }`}
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 truncate">{file.name}</span>
              <span className={`shrink-0 text-xs ${mine ? "text-slate-900" : "text-slate-300"}`}>
                <span className="sr-only">, download, </span>
                {formatFileSize(file.size)}
              </span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}
