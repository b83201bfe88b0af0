import { deviceTimeZone, type SelfUser } from "@vam/shared";
import { createContext, use } from "react";
import { pageHref, LOGIN_PAGE, PROFILE_LIST_PAGE } from "../../lib/page-routes";

export interface AuthContextValue {
  user: SelfUser | null;
  token: string | null;
  /** True until the stored session has been checked with the server. */
  loading: boolean;
  /** Signs out here and on the server (the logout action); resolves once signed out. */
  logout: () => Promise<void>;
  /** The signed-in user's details changed (a profile update). */
  setUser: (user: SelfUser) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Where signing in leads (spec), and where a signed-in user opening /login or /register is sent on. */
export const SIGNED_IN_HOME = pageHref(PROFILE_LIST_PAGE, {});

/** The query parameter of /login naming where signing in leads (a path of this site: features/auth/landing.ts). */
export const NEXT_PARAM = "next";

/** /login, leading back to the page given once signed in. */
export function loginLink({ pathname, search, hash }: { pathname: string; search: string; hash: string }): string {
  return pageHref(LOGIN_PAGE, {}, { [NEXT_PARAM]: pathname + search + hash });
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

/**
 * The viewer's time zone (decisions.md, "Time zones"): the signed-in person's own (Settings), else
 * this browser's. Every booking time is given in it beside Manila's (`withYourTime`).
 */
export function useTimeZone(): string {
  const { user } = useAuth();
  return user?.timeZone ?? deviceTimeZone();
}
