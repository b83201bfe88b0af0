import { useState } from "react";
import type { Booking } from "@vam/shared";

/**
 * Bookings the server just sent back after a change, shown in place of the loaded ones until
 * the list is loaded again (then the loaded list wins): no stale "Write a review" in between.
 */
export function useLocalUpdates(source: unknown): [(booking: Booking) => Booking, (updated: Booking) => void] {
  const [local, setLocal] = useState<{ source: unknown; bookings: Map<string, Booking> }>({ source, bookings: new Map() });
  const current = local.source === source ? local.bookings : null;
  const latest = (booking: Booking) => current?.get(booking.id) ?? booking;
  const remember = (updated: Booking) => setLocal({ source, bookings: new Map(current ?? []).set(updated.id, updated) });
  return [latest, remember];
}
