/**
 * What other features may use of `notifications` (docs/decisions/0012-feature-boundaries.md):
 * everything else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { relativeTime } from "./relative-time";
export { PushOffer } from "./PushOffer";
export { NotificationsProvider } from "./NotificationsProvider";
export { useNotifications } from "./notifications-context";
export { fetchUnreadCount } from "./notifications-api";
