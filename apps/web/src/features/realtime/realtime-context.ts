import { createContext, use, useEffect, useEffectEvent } from "react";
import type { RealtimeEvent, RealtimeHub, RealtimePayload } from "./realtime-hub";

export const RealtimeContext = createContext<RealtimeHub | null>(null);

function useHub(): RealtimeHub {
  const hub = use(RealtimeContext);
  if (!hub) throw new Error("Real-time hooks must be used inside <RealtimeProvider>");
  return hub;
}

/** Calls `listener` with every `event` the server pushes to the signed-in user. */
export function useRealtimeEvent<E extends RealtimeEvent>(event: E, listener: (payload: RealtimePayload<E>) => void) {
  const hub = useHub();
  const onEvent = useEffectEvent(listener);
  useEffect(() => hub.on(event, (payload) => onEvent(payload)), [hub, event]);
}

/** Calls `listener` on every (re)connection, to re-fetch what the page shows. */
export function useRealtimeConnect(listener: () => void) {
  const hub = useHub();
  const onConnect = useEffectEvent(listener);
  useEffect(() => hub.onConnect(() => onConnect()), [hub]);
}
