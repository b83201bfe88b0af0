import { useRevalidator } from "react-router";
import { useRealtimeConnect, useRealtimeEvent } from "../realtime/public";

/** Re-runs the page's loader when one of the user's bookings changes elsewhere, or after a reconnect. */
export function useLiveBookings() {
  const { revalidate } = useRevalidator();
  useRealtimeEvent("bookingChanged", () => void revalidate());
  useRealtimeConnect(() => void revalidate());
}
