import { dataHref, TIME_OFF_PATH } from "../../lib/data-routes";

/**
 * The time off's data route (its path under `DATA_ROOT`, as router.tsx declares it: without `:id`
 * it blocks time off or turns the holiday switch, with it it removes a block; its action is
 * `timeOffAction` in time-off-data.ts).
 */

/** Where the section's changes are submitted: the route, or one block's (`id`). */
export const timeOffHref = (id?: string) => dataHref(TIME_OFF_PATH, { id });
