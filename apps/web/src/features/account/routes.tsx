import { dataRoutesIn, pageRoute, type FeatureRoutes } from "../../components/route-helpers";
import { DELETE_ACCOUNT_PATH, RESEND_VERIFICATION_PATH } from "../../lib/data-routes";
import { SETTINGS_PAGE, UNSUBSCRIBE_PAGE, VERIFY_EMAIL_PAGE } from "../../lib/page-routes";
import { revalidateOnNewQuery } from "../../lib/revalidate";

/** The pages' loaders and actions are in the data routes' module too. */
const dataModule = () => import("./account-data");
const dataRoute = dataRoutesIn(dataModule);

/** The account's routes (router.tsx places them); each page is its own chunk. */
export const accountRoutes: FeatureRoutes = {
  publicPages: [
    // The emailed links: each loader acts on its link once (checks it, uses it), not again after the page's own writes.
    pageRoute(VERIFY_EMAIL_PAGE, () => import("./VerifyEmailPage"), {
      loader: () => dataModule().then((module) => module.verifyEmailLoader),
      shouldRevalidate: revalidateOnNewQuery,
    }),
    pageRoute(UNSUBSCRIBE_PAGE, () => import("./UnsubscribePage"), {
      loader: () => dataModule().then((module) => module.unsubscribeLoader),
      action: () => dataModule().then((module) => module.unsubscribeAction),
      shouldRevalidate: revalidateOnNewQuery,
    }),
  ],
  signedInPages: [
    pageRoute(SETTINGS_PAGE, () => import("./SettingsPage"), {
      loader: () => dataModule().then((module) => module.settingsLoader),
      action: () => dataModule().then((module) => module.settingsAction),
    }),
  ],
  dataRoutes: [
    dataRoute(RESEND_VERIFICATION_PATH, (module) => ({ action: module.resendVerificationAction })),
    dataRoute(DELETE_ACCOUNT_PATH, (module) => ({ action: module.deleteAccountAction })),
  ],
};
