/**
 * What other features may use of `realtime` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { useRealtimeConnect, useRealtimeEvent } from "./realtime-context";
export { RealtimeProvider } from "./RealtimeProvider";
