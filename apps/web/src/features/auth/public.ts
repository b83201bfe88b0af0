/**
 * What other features may use of `auth` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { loginLink, useAuth, useTimeZone } from "./auth-context";
export { verifySession } from "./session-api";
export { AuthProvider } from "./AuthProvider";
export { LOGOUT_ACTION } from "./auth-routes";
export { readSession, storedSession, type Session } from "./session";
