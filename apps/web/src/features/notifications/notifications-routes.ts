import { dataHref, UNREAD_COUNT_PATH } from "../../lib/data-routes";

/** The notifications' data route (its path under `DATA_ROOT`, as router.tsx declares it; its loader is `unreadCountLoader` in notifications-data.ts). */

/** The data route that reads the unread count again (after a reconnect). */
export const UNREAD_COUNT = dataHref(UNREAD_COUNT_PATH, {});
