import type { SelfUser } from "@vam/shared";

const USER_KEY = "user";
/** Where the session is kept (start-after-load.js reads it too: decision 0031). */
export const TOKEN_KEY = "token";
const DARK_MODE_KEY = "darkMode";

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function readUser(): SelfUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SelfUser;
  } catch {
    return null;
  }
}

export function storeUser(user: SelfUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeSession(user: SelfUser, token: string): void {
  storeUser(user);
  localStorage.setItem(TOKEN_KEY, token);
}

export function removeToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

/** The theme is always dark; the flag is kept for compatibility with the stored session format. */
export function storeDarkMode(): void {
  localStorage.setItem(DARK_MODE_KEY, "true");
}

export const SESSION_KEYS: readonly string[] = [USER_KEY, TOKEN_KEY];
