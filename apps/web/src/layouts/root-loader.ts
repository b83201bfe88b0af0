import type { ShouldRevalidateFunction } from "react-router";
import { readToken } from "../api/session-storage";
import { DELETE_ACCOUNT_ACTION } from "../features/account/public";
import { LOGOUT_ACTION, readSession, storedSession, type Session } from "../features/auth/public";
import { fetchUnreadCount } from "../features/notifications/public";
import { pageHref, LOGIN_PAGE } from "../lib/page-routes";

/** The app's root data: the session and, when signed in, how many notifications are unread (null: unknown). */
export interface RootData {
  session: Session;
  unread: number | null;
}

/** Shown at once on a cold load (the stored session), while the loader checks it with the server. */
export function initialRootData(): RootData {
  return { session: storedSession(), unread: null };
}

/** The root route's loader: runs on the first load (over the stored session) and after signing in or out. */
export async function rootLoader(): Promise<RootData> {
  const [session, unread] = await Promise.all([readSession(), readToken() ? fetchUnreadCount().catch(() => null) : null]);
  return { session, unread: session.user ? unread : null };
}
rootLoader.hydrate = true as const;

/** Only signing in and out (and deleting the account) change the session: other actions and revalidations leave it alone. */
export const rootShouldRevalidate: ShouldRevalidateFunction = ({ formAction }) =>
  formAction === pageHref(LOGIN_PAGE, {}) || formAction === LOGOUT_ACTION || formAction === DELETE_ACCOUNT_ACTION;
