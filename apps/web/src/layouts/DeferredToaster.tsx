import { Suspense, lazy, useEffect, useState } from "react";

// Its settings come with it (not in /home's first chunk, which would then load the shared constants).
const Toaster = lazy(() => import("./toaster"));

const INTERACTIONS = ["pointerdown", "keydown"] as const;

/**
 * The toasts' container, mounted at the visitor's first click or key press: every toast answers
 * something the visitor did, and a first page that nobody touches does not load its code. A toast
 * raised before the container is there still shows (sonner hands it over when it mounts).
 */
export function DeferredToaster() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { capture: true, once: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster />
    </Suspense>
  );
}
