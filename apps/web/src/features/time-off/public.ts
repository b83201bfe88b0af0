/**
 * What other features may use of `time-off` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { TimeOffSection } from "./TimeOffSection";
export { loadTimeOff } from "./time-off-loader";
