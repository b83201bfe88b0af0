import type { LucideIcon } from "lucide-react";
import Download from "lucide-react/icons/download";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { serverMessageOr } from "../api/errors";
import { Spinner } from "./Spinner";

interface DownloadButtonProps {
  /** Fetches the file and saves it (a request with the bearer header, then `saveFile`). */
  download: () => Promise<void>;
  /** Said in a toast when it fails (the server's own words for a refusal). */
  failure: string;
  children: ReactNode;
  icon?: LucideIcon;
  className?: string;
}

/**
 * A file to download that needs the signed-in session (a receipt, a statement): a button, since a
 * plain link would lack the bearer header. Busy while the file comes (a spinner, announced); a
 * failure is a toast.
 */
export function DownloadButton({ download, failure, children, icon: Icon = Download, className = "link" }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error(serverMessageOr(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1.5 text-left ${className}`}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void start()}
    >
      {busy ? <Spinner className="size-4 shrink-0" /> : <Icon aria-hidden="true" className="size-4 shrink-0" />}
      <span>{children}</span>
    </button>
  );
}
