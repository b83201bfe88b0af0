import { TIME_ZONE, type SelfUser } from "@vam/shared";
import type { ReactNode } from "react";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";

/**
 * Signed in as someone whose own time zone is `zone` (Manila's unless given): every booking time
 * is shown in it beside Manila's where the two clocks differ (decisions.md, "Time zones").
 */
export function signedInAs(zone: string = TIME_ZONE, user: Partial<SelfUser> = {}): AuthContextValue {
  return {
    user: { id: "viewer", role: "Boss", firstName: "Ramon", lastName: "Reyes", ...user, timeZone: zone } as SelfUser,
    token: "t",
    loading: false,
    logout: async () => {},
    setUser: () => {},
  };
}

const inManila = signedInAs();

/** A `wrapper` for `render`: signed in as someone in Manila, who reads every time as the spec writes it (whatever the machine's zone). */
export function InManila({ children }: { children: ReactNode }) {
  return <AuthContext value={inManila}>{children}</AuthContext>;
}
