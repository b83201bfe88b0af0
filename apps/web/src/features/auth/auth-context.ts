import type { SelfUser } from "@vam/shared";
import { createContext, use } from "react";

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
export const SIGNED_IN_HOME = "/profile/list";

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
