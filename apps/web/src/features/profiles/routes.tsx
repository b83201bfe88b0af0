import { PAGE_LOADING } from "../../components/LoadingFallback";
import { dataRoutesIn, pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { PROFILE_LISTING_PATH, PROFILE_PAGE_PATH, PROFILE_SUGGEST_PATH } from "../../lib/data-routes";
import { OTHER_PROFILE_PAGE, PROFILE_LIST_PAGE } from "../../lib/page-routes";

const dataRoute = dataRoutesIn(() => import("./profiles-data"));

/** The profiles' routes (router.tsx places them); each page, with its loader, is its own chunk. */
export const profilesRoutes: FeatureRoutes = {
  publicPages: [
    pageRoute(PROFILE_LIST_PAGE, () => import("./ProfileListPage"), {
      loader: () => import("./profile-list-loader").then((module) => module.profileListLoader),
    }),
    pageRoute(OTHER_PROFILE_PAGE, () => import("./OtherProfilePage"), {
      loading: PAGE_LOADING.consultant,
      loader: () => import("./other-profile-loader").then((module) => module.otherProfileLoader),
    }),
  ],
  dataRoutes: [
    dataRoute(PROFILE_PAGE_PATH, (module) => ({ loader: module.profilePageLoader })),
    dataRoute(PROFILE_SUGGEST_PATH, (module) => ({ loader: module.profileSuggestLoader })),
    dataRoute(PROFILE_LISTING_PATH, (module) => ({ action: module.deleteListingAction })),
  ],
};
