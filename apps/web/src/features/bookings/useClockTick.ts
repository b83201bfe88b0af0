import { useEffect, useState } from "react";

/**
 * Renders the page again every `intervalMs`, so that what depends on the time (Complete once a
 * booking is over, the 14 days to review) follows the clock while the page stays open. The
 * components still read `new Date()` as they render.
 */
export function useClockTick(intervalMs = 60_000) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
}
