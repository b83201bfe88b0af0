import { pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { EARNINGS_PAGE } from "../../lib/page-routes";

/** The earnings page's route (router.tsx places it); the page, with its loader, is its own chunk. */
export const earningsRoutes: FeatureRoutes = {
  signedInPages: [
    pageRoute(EARNINGS_PAGE, () => import("./EarningsPage"), {
      loader: () => import("./earnings-loader").then((module) => module.earningsLoader),
    }),
  ],
};
