import { clearSession } from "./session-storage";

const UNAUTHORIZED_EVENT = "vam:unauthorized";

/** Called on every 401: the stored session is no longer valid anywhere in the app. */
export function reportUnauthorized(): void {
  clearSession();
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
}

export function onUnauthorized(listener: () => void): () => void {
  window.addEventListener(UNAUTHORIZED_EVENT, listener);
  return () => window.removeEventListener(UNAUTHORIZED_EVENT, listener);
}
