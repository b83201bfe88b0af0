/**
 * What other features may use of `notifications` (docs/decisions/0012-feature-boundaries.md):
 * everything else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { relativeTime } from "./relative-time";
export { useNow } from "./useNow";
export { PushOffer } from "./PushOffer";
