import type { BookingStatus } from "@vam/shared";
import CheckCircle2 from "lucide-react/icons/circle-check";

const LOOK: Record<BookingStatus, { label: string; className: string }> = {
  PENDING: { label: "Pending", className: "bg-amber-500/15 text-amber-300 ring-amber-500/40" },
  CONFIRMED: { label: "Confirmed", className: "bg-teal-500/15 text-teal-300 ring-teal-500/40" },
  COMPLETED: { label: "Completed", className: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/40" },
  CANCELLED: { label: "Cancelled", className: "bg-rose-500/15 text-rose-300 ring-rose-500/40" },
};

/** A booking's status as a coloured label. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, className } = LOOK[status];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${className}`}>
      {status === "COMPLETED" && <CheckCircle2 aria-hidden="true" className="size-3.5" />}
      {label}
    </span>
  );
}
