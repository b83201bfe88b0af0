import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs`: what depends on it (relative times, Complete
 * once a booking is over, the 14 days to review) follows the clock while the page stays open.
 * Each refresh renders the component again.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
