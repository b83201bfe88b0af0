import type { SelfUser } from "@vam/shared";
import { clearSession, readToken, readUser, removeToken, storeDarkMode, storeSession, storeUser } from "../../api/session-storage";
import { verifySession } from "./session-api";

/** Who is signed in. `checked`: the server has accepted the stored token (or there is none). */
export interface Session {
  user: SelfUser | null;
  token: string | null;
  checked: boolean;
}

export const SIGNED_OUT: Session = { user: null, token: null, checked: true };

/** The token the server has accepted in this tab (verified, or just given at login): not asked again. */
let trusted: string | null = null;

/** The session this browser stored, tidied: a user without a token, or a token without a user, is none. */
export function storedSession(): Session {
  storeDarkMode();
  const user = readUser();
  const token = readToken();
  if (!user) removeToken();
  if (user && !token) clearSession();
  return user && token ? { user, token, checked: token === trusted } : SIGNED_OUT;
}

/**
 * The stored session, checked with the server once per token (/users/verify, which also brings
 * the user's fresh details); a refused or unanswered check signs out.
 */
export async function readSession(): Promise<Session> {
  const stored = storedSession();
  if (stored.checked || !stored.token) return stored;
  try {
    const user = await verifySession();
    // The session may have ended meanwhile (a 401 elsewhere, a logout in another tab).
    if (readToken() !== stored.token) return storedSession();
    storeUser(user);
    trusted = stored.token;
    return { user, token: stored.token, checked: true };
  } catch {
    if (readToken() === stored.token) clearSession();
    return SIGNED_OUT;
  }
}

/** A login's answer becomes the stored, trusted session. */
export function signIn(user: SelfUser, token: string): void {
  storeSession(user, token);
  trusted = token;
}
