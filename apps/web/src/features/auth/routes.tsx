import { dataRoutesIn, pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { LOGOUT_PATH } from "../../lib/data-routes";
import { FORGOT_PASSWORD_PAGE, LOGIN_PAGE, REGISTER_PAGE, RESET_PASSWORD_PAGE } from "../../lib/page-routes";
import { revalidateOnNewQuery } from "../../lib/revalidate";

/** The pages' actions and loader are in the data routes' module too. */
const dataModule = () => import("./auth-data");
const dataRoute = dataRoutesIn(dataModule);

/** The sign-in pages' routes and the sign-out's data route (router.tsx places them); each page is its own chunk. */
export const authRoutes: FeatureRoutes = {
  publicPages: [
    pageRoute(LOGIN_PAGE, () => import("./LoginPage"), { action: () => dataModule().then((module) => module.loginAction) }),
    pageRoute(REGISTER_PAGE, () => import("./RegisterPage"), { action: () => dataModule().then((module) => module.registerAction) }),
    pageRoute(FORGOT_PASSWORD_PAGE, () => import("./ForgotPasswordPage"), {
      action: () => dataModule().then((module) => module.forgotPasswordAction),
    }),
    // The emailed link: the loader acts on it once (checks it), not again after the page's own writes.
    pageRoute(RESET_PASSWORD_PAGE, () => import("./ResetPasswordPage"), {
      loader: () => dataModule().then((module) => module.resetPasswordLoader),
      action: () => dataModule().then((module) => module.resetPasswordAction),
      shouldRevalidate: revalidateOnNewQuery,
    }),
  ],
  dataRoutes: [dataRoute(LOGOUT_PATH, (module) => ({ action: module.logoutAction }))],
};
