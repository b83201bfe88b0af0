import { dataRoutesIn, pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { POSTINGS_PATH } from "../../lib/data-routes";
import { POSTING_PAGE } from "../../lib/page-routes";

const dataRoute = dataRoutesIn(() => import("./postings-data"));

/** A posting's page and the postings' data route (router.tsx places them); the page is its own chunk. */
export const postingsRoutes: FeatureRoutes = {
  publicPages: [
    pageRoute(POSTING_PAGE, () => import("./PostingDetailPage"), {
      loader: () => import("./posting-loader").then((module) => module.postingLoader),
      action: () => import("./postings-data").then((module) => module.postingPageAction),
    }),
  ],
  dataRoutes: [dataRoute(POSTINGS_PATH, (module) => ({ action: module.postingAction }))],
};
