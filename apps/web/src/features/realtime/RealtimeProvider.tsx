import { useEffect, useState, type ReactNode } from "react";
import { importAgain } from "../../lib/import-again";
import { useAuth } from "../auth/public";
import { RealtimeContext } from "./realtime-context";
import { RealtimeHub } from "./realtime-hub";

/** One socket per signed-in session: opened once the session is known, closed on logout or teardown. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user, token, loading } = useAuth();
  const [hub] = useState(() => new RealtimeHub());
  const userId = loading ? null : (user?.id ?? null);

  useEffect(() => {
    if (!userId || !token) return;
    let close: (() => void) | undefined;
    let closed = false;
    // Without its code the page would never hear from the server again: tried until it loads.
    void importAgain(() => import("./realtime-socket"), Infinity).then(({ openSocket }) => {
      if (!closed) close = openSocket(token, userId, hub);
    });
    return () => {
      closed = true;
      close?.();
    };
  }, [hub, userId, token]);

  return <RealtimeContext value={hub}>{children}</RealtimeContext>;
}
