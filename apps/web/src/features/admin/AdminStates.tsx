import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import Inbox from "lucide-react/icons/inbox";
import RefreshCw from "lucide-react/icons/refresh-cw";
import type { ReactNode } from "react";
import { useAsyncError, useRevalidator } from "react-router";
import { ApiError } from "../../api/errors";
import { Spinner } from "../../components/Spinner";

/** "Loading..." while a console list loads. */
export function AdminLoading() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-16 text-slate-400">
      <Spinner /> Loading...
    </p>
  );
}

/**
 * "Failed to load", with the server's reason when it gave one (e.g. "User not found") and a
 * way to try again. Used as an <Await> errorElement.
 */
export function AdminLoadFailed() {
  const error = useAsyncError();
  const { revalidate, state } = useRevalidator();
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  return (
    <div role="alert" className="card flex flex-col items-center gap-4 px-6 py-10 text-center">
      <AlertTriangle aria-hidden="true" className="size-8 text-rose-400" />
      <div className="space-y-1">
        <p className="font-semibold text-rose-200">Failed to load</p>
        {reason && <p className="text-sm text-slate-300">{reason}</p>}
      </div>
      <button type="button" className="btn-secondary" disabled={state === "loading"} onClick={() => void revalidate()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}

/** A list with nothing to show. */
export function AdminEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center text-slate-300">
      <Inbox aria-hidden="true" className="size-8 text-slate-400" />
      <p>{children}</p>
      {action}
    </div>
  );
}
