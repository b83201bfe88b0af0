import type { Booking } from "@vam/shared";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionAnswer, type ActionResult } from "../../lib/actions";
import { bookingChangeHref, type BookingChange } from "./bookings-data";

/**
 * Changes to bookings (accept, cancel, complete, reschedule), submitted to the booking's route
 * action (`/data/bookings/:id`, docs/decisions/0004-data-loading-on-the-web.md), one at a time.
 * `busyId` names the booking while its change runs; `onAnswer` hears how each one went, once the
 * loaders on screen have run again.
 */
export function useBookingChange(onAnswer?: (answer: ActionResult<Booking>, booking: Booking, change: BookingChange) => void) {
  const fetcher = useFetcher<ActionResult<Booking>>();
  const [pending, setPending] = useState<{ booking: Booking; change: BookingChange } | null>(null);
  useActionAnswer(fetcher.data, (answer) => {
    if (pending) onAnswer?.(answer, pending.booking, pending.change);
  });

  const submit = (booking: Booking, change: BookingChange) => {
    setPending({ booking, change });
    void fetcher.submit(change, { method: "post", encType: "application/json", action: bookingChangeHref(booking.id) });
  };
  return { submit, busyId: fetcher.state !== "idle" ? (pending?.booking.id ?? null) : null };
}
