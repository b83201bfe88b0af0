import { dataRoutesIn, type FeatureRoutes } from "../../components/route-helpers";
import { GALLERY_PATH } from "../../lib/data-routes";

/** The gallery's data route (router.tsx places it); its module loads with the first use. */
export const galleryRoutes: FeatureRoutes = {
  dataRoutes: [dataRoutesIn(() => import("./gallery-data"))(GALLERY_PATH, (module) => ({ action: module.galleryAction }))],
};
