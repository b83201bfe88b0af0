import type { ServerToClientEvents } from "@vam/shared";

export type RealtimeEvent = keyof ServerToClientEvents;
export type RealtimePayload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];
type Listener = (payload: unknown) => void;

/**
 * Who listens to which server event. It outlives the sockets (one per signed-in session),
 * so that pages subscribe once whatever happens to the connection.
 */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly connectListeners = new Set<() => void>();

  on<E extends RealtimeEvent>(event: E, listener: (payload: RealtimePayload<E>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    this.listeners.set(event, set);
    const entry = listener as Listener;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Every connect and reconnect: the moment to re-fetch whatever may have been missed. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  dispatch(event: string, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  connected(): void {
    for (const listener of this.connectListeners) listener();
  }
}
