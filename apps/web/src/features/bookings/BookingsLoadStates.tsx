import { MSG } from "@vam/shared";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { Spinner } from "../../components/Spinner";

/** 'Loading bookings...' while a booking list loads. */
export function BookingsLoading() {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-400">
      <Spinner /> {MSG.loadingBookings}
    </p>
  );
}

/** 'Failed to load bookings', with a way to try again. */
export function BookingsLoadFailed({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="card flex flex-col items-center gap-4 px-6 py-10 text-center">
      <AlertTriangle aria-hidden="true" className="size-8 text-rose-400" />
      <p className="text-rose-200">{MSG.bookingsLoadFailed}</p>
      <button type="button" className="btn-secondary" disabled={retrying} onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}
