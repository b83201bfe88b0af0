/**
 * What other features may use of notifications: storing one (in the caller's transaction) and
 * announcing it after commit, its row, and the unread count.
 */
export { announce, createNotification } from "./create.js";
export { type NotificationRow } from "./serialize.js";
export { unreadCount } from "./unread.js";
