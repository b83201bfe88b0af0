/**
 * What other features may use of profiles: how long the search replica keeps its changes (the
 * sweep deletes older ones).
 */
export { CHANGES_KEPT_MS } from "./search-replica.js";
