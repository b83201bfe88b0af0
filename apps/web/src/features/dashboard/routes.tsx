import { pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { BOOKING_DASHBOARD_PAGE } from "../../lib/page-routes";

/** The booking dashboard's route (router.tsx places it); the page, with its loader, is its own chunk. */
export const dashboardRoutes: FeatureRoutes = {
  signedInPages: [
    pageRoute(BOOKING_DASHBOARD_PAGE, () => import("./BookingDashboardPage"), {
      loader: () => import("./dashboard-loader").then((module) => module.dashboardLoader),
    }),
  ],
};
