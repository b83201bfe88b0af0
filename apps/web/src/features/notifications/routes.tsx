import { PAGE_LOADING } from "../../components/LoadingFallback";
import { dataRoutesIn, pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { UNREAD_COUNT_PATH } from "../../lib/data-routes";
import { NOTIFICATIONS_PAGE } from "../../lib/page-routes";

const dataModule = () => import("./notifications-data");

/** The notifications' page and data route (router.tsx places them); the page is its own chunk. */
export const notificationsRoutes: FeatureRoutes = {
  signedInPages: [
    pageRoute(NOTIFICATIONS_PAGE, () => import("./NotificationsPage"), {
      loading: PAGE_LOADING.notifications,
      loader: () => dataModule().then((module) => module.notificationsLoader),
      action: () => dataModule().then((module) => module.notificationsAction),
    }),
  ],
  dataRoutes: [dataRoutesIn(dataModule)(UNREAD_COUNT_PATH, (module) => ({ loader: module.unreadCountLoader }))],
};
