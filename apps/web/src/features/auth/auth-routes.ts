import { dataHref, LOGOUT_PATH } from "../../lib/data-routes";

/** The sign-out's data route (its path under `DATA_ROOT`, as router.tsx declares it; its action is `logoutAction` in auth-data.ts). */

/** Where the account menu and the console submit a logout (an action-only data route). */
export const LOGOUT_ACTION = dataHref(LOGOUT_PATH, {});
