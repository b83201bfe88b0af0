import { dataHref, POSTINGS_PATH } from "../../lib/data-routes";

/**
 * The postings data route (its path under `DATA_ROOT`, as router.tsx declares it: without `:id` it
 * creates, with it it saves or deletes; its action is `postingAction` in postings-data.ts).
 */

export const postingsHref = (postingId?: string) => dataHref(POSTINGS_PATH, { id: postingId });
