import { dataRoutesIn, type FeatureRoutes } from "../../components/route-helpers";
import { REVIEW_PAGE_PATH, REVIEW_SUBMIT_PATH } from "../../lib/data-routes";

const dataRoute = dataRoutesIn(() => import("./reviews-data"));

/** The reviews' data routes (router.tsx places them). */
export const reviewsRoutes: FeatureRoutes = {
  dataRoutes: [
    dataRoute(REVIEW_SUBMIT_PATH, (module) => ({ action: module.submitReviewAction })),
    dataRoute(REVIEW_PAGE_PATH, (module) => ({ loader: module.reviewPageLoader })),
  ],
};
