import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { Children, type ReactNode } from "react";

/**
 * A refused change, announced when it appears: the server's words, and under them (the children,
 * each an `<li>`) what stands in the way, such as the bookings to cancel first.
 */
export function RefusalAlert({ message, children }: { message: string; children?: ReactNode }) {
  const items = Children.toArray(children);
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2.5 text-sm text-rose-200">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{message}</span>
      </p>
      {items.length > 0 && <ul className="space-y-1.5 pl-6">{items}</ul>}
    </div>
  );
}
