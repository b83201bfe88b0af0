import { PAGE_LOADING } from "../../components/LoadingFallback";
import { pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { HOME_PAGE } from "../../lib/page-routes";

/** The home page's route (router.tsx places it); the page is its own chunk. */
export const homeRoutes: FeatureRoutes = {
  publicPages: [pageRoute(HOME_PAGE, () => import("./HomePage"), { loading: PAGE_LOADING.home })],
};
