import type { LoginInput, SelfUser } from "@vam/shared";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { onUnauthorized } from "../../api/session-events";
import { loginRequest, logoutRequest, verifySession } from "./auth-api";
import { AuthContext } from "./auth-context";
import { SESSION_KEYS, clearSession, readToken, readUser, removeToken, storeDarkMode, storeSession, storeUser } from "./storage";

function initialSession() {
  const user = readUser();
  const token = readToken();
  if (!user) removeToken();
  if (user && !token) clearSession();
  return user && token ? { user, token } : { user: null, token: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session] = useState(initialSession);
  const [user, setUserState] = useState<SelfUser | null>(session.user);
  const [token, setToken] = useState<string | null>(session.token);
  const [loading, setLoading] = useState(session.token !== null);

  const signOutLocally = useCallback(() => {
    clearSession();
    setUserState(null);
    setToken(null);
  }, []);

  useEffect(() => {
    storeDarkMode();
    if (!session.token) return;
    let cancelled = false;
    verifySession()
      .then((fresh) => {
        // The session may have ended meanwhile (a 401 elsewhere, a logout in another tab).
        if (cancelled || !readToken()) return;
        storeUser(fresh);
        setUserState(fresh);
      })
      .catch(() => {
        if (!cancelled) signOutLocally();
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [session.token, signOutLocally]);

  useEffect(() => onUnauthorized(signOutLocally), [signOutLocally]);

  // Logging out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (SESSION_KEYS.includes(event.key) && event.newValue === null)) signOutLocally();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [signOutLocally]);

  const login = useCallback(async (credentials: LoginInput) => {
    const result = await loginRequest(credentials);
    storeSession(result.user, result.token);
    setUserState(result.user);
    setToken(result.token);
    return result.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The session is dropped locally whatever the server says.
    }
    signOutLocally();
  }, [signOutLocally]);

  const setUser = useCallback((next: SelfUser) => {
    storeUser(next);
    setUserState(next);
  }, []);

  const value = useMemo(() => ({ user, token, loading, login, logout, setUser }), [user, token, loading, login, logout, setUser]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
