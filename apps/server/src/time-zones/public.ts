/**
 * What other features may use of time zones: the daylight-saving notices the sweep queues.
 */
export { queueDaylightSavingNotices } from "./notice.js";
