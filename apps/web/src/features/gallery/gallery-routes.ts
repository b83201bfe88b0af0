import { dataHref, GALLERY_PATH } from "../../lib/data-routes";

/**
 * The gallery's data route (its path under `DATA_ROOT`, as router.tsx declares it; its action is
 * `galleryAction` in gallery-data.ts).
 */

export const GALLERY_ACTION = dataHref(GALLERY_PATH, {});
