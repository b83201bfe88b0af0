import type { Booking } from "@vam/shared";
import { useState } from "react";
import type { ActionResult } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { BookingChange } from "./bookings-data";
import { bookingChangeHref } from "./bookings-routes";

/**
 * Changes to bookings (accept, cancel, complete, reschedule), submitted to the booking's route
 * action (`bookingChangeHref`, docs/decisions/0004-data-loading-on-the-web.md), one at a time.
 * `busyId` names the booking while its change runs; `onAnswer` hears how each one went, once the
 * loaders on screen have run again.
 */
export function useBookingChange(onAnswer?: (answer: ActionResult<Booking>, booking: Booking, change: BookingChange) => void) {
  const [pending, setPending] = useState<{ booking: Booking; change: BookingChange } | null>(null);
  const write = useActionFetcher<Booking>(undefined, {
    onAnswer: (answer) => {
      if (pending) onAnswer?.(answer, pending.booking, pending.change);
    },
  });

  const submit = (booking: Booking, change: BookingChange) => {
    setPending({ booking, change });
    void write.submit(change, "post", bookingChangeHref(booking.id));
  };
  return { submit, busyId: write.busy ? (pending?.booking.id ?? null) : null };
}
