import type { SelfUser } from "@vam/shared";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { onUnauthorized } from "../../api/session-events";
import { SESSION_KEYS, clearSession, storeUser } from "../../api/session-storage";
import { AuthContext } from "./auth-context";
import { LOGOUT_ACTION } from "./auth-routes";
import { SIGNED_OUT, type Session } from "./session";

/**
 * The session the root route's loader read (`session`), changed here by what happens outside
 * any action until the loader runs again (after the next sign-in or sign-out): a 401 anywhere,
 * a logout in another tab, a profile update.
 */
export function AuthProvider({ session: loaded, children }: { session: Session; children: ReactNode }) {
  const [shown, setShown] = useState({ source: loaded, session: loaded });
  if (shown.source !== loaded) setShown({ source: loaded, session: loaded });
  const session = shown.source === loaded ? shown.session : loaded;
  // The one write not through `useActionFetcher`: this provider is in the app's first chunk (the
  // first load of /home), which the hook would grow; a logout answers nothing to show.
  const { submit } = useFetcher({ key: "logout" });

  const signOutLocally = useCallback(() => {
    clearSession();
    setShown((current) => ({ ...current, session: SIGNED_OUT }));
  }, []);

  useEffect(() => onUnauthorized(signOutLocally), [signOutLocally]);

  // Logging out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (SESSION_KEYS.includes(event.key) && event.newValue === null)) signOutLocally();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [signOutLocally]);

  const logout = useCallback(() => submit({}, { method: "post", action: LOGOUT_ACTION, encType: "application/json" }), [submit]);

  const setUser = useCallback((user: SelfUser) => {
    storeUser(user);
    setShown((current) => ({ ...current, session: { ...current.session, user } }));
  }, []);

  const { user, token, checked } = session;
  const value = useMemo(() => ({ user, token, loading: !checked, logout, setUser }), [user, token, checked, logout, setUser]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
