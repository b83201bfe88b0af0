import { pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { MY_PROFILE_PAGE, PROFILE_UPDATE_PAGE } from "../../lib/page-routes";

/** The signed-in person's own profile pages (router.tsx places them); each page is its own chunk. */
export const myProfileRoutes: FeatureRoutes = {
  signedInPages: [
    pageRoute(MY_PROFILE_PAGE, () => import("./ProfilePage"), {
      loader: () => import("./my-profile-loader").then((module) => module.myProfileLoader),
      action: () => import("./my-profile-actions").then((module) => module.myProfileAction),
    }),
    pageRoute(PROFILE_UPDATE_PAGE, () => import("./ProfileUpdatePage"), {
      action: () => import("./my-profile-actions").then((module) => module.profileUpdateAction),
    }),
  ],
};
