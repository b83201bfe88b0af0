import { dataRoutesIn, type FeatureRoutes } from "../../components/route-helpers";
import { TIME_OFF_PATH } from "../../lib/data-routes";

/** The time off's data route (router.tsx places it); its module loads with the first use. */
export const timeOffRoutes: FeatureRoutes = {
  dataRoutes: [dataRoutesIn(() => import("./time-off-data"))(TIME_OFF_PATH, (module) => ({ action: module.timeOffAction }))],
};
