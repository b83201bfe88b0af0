import { useEffect, useEffectEvent, useRef } from "react";

/**
 * Calls `onNearEnd` when the returned sentinel element comes within `margin` of the
 * viewport while `enabled`. Each time `enabled` turns true a new observer reports at once,
 * so a sentinel still in view after a page was appended asks for the next one.
 */
export function useNearEnd<T extends Element>(onNearEnd: () => void, enabled: boolean, margin = "600px") {
  const sentinel = useRef<T>(null);
  const nearEnd = useEffectEvent(onNearEnd);

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) nearEnd();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);

  return sentinel;
}
