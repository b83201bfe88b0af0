import type { ComponentType } from "react";
import type { ActionFunction, LoaderFunction, RouteObject } from "react-router";
import { pageRoute, withErrorScreen } from "../../components/route-helpers";
import { PageNotFound } from "../../components/RouteError";

type Loaders = typeof import("./admin-loaders");
type Actions = typeof import("./admin-actions");
/** The names of a module's exports of type `T`. */
type NamesOf<Module, T> = { [Name in keyof Module]: Module[Name] extends T ? Name : never }[keyof Module];

/** An operator's page: its address, its module, and its loader and action by their names in admin-loaders.ts and admin-actions.ts. */
const adminPage = (
  path: string,
  page: () => Promise<{ default: ComponentType }>,
  loader: NamesOf<Loaders, LoaderFunction>,
  action?: NamesOf<Actions, ActionFunction>,
) =>
  pageRoute(path, page, {
    loader: () => import("./admin-loaders").then((module) => module[loader]),
    ...(action && { action: () => import("./admin-actions").then((module) => module[action]) }),
  });

/**
 * The operator console's pages but its dashboard, patched under the "admin" route the first time
 * an address under /admin/ is opened (router.tsx, patchRoutesOnNavigation): the first chunk of
 * every other visitor does not list them. Each page is its own chunk, as elsewhere.
 */
export const adminPages: RouteObject[] = withErrorScreen([
  adminPage("payments", () => import("./AdminPaymentsPage"), "adminPaymentsLoader", "adminPaymentAction"),
  adminPage("users", () => import("./AdminUsersPage"), "adminUsersLoader", "adminUserAction"),
  adminPage("users/:id", () => import("./AdminUserDetailPage"), "adminUserLoader", "adminUserAction"),
  adminPage("reviews", () => import("./AdminReviewsPage"), "adminReviewsLoader", "adminReviewAction"),
  adminPage("payment-qr", () => import("./AdminPaymentQrPage"), "adminPaymentQrLoader", "adminPaymentQrAction"),
  adminPage("statements", () => import("./AdminStatementsPage"), "adminStatementsLoader", "adminStatementsAction"),
  adminPage("payouts", () => import("./AdminMoneyOutPage"), "adminPayoutsLoader", "adminMoneyOutAction"),
  adminPage("refunds", () => import("./AdminMoneyOutPage"), "adminRefundsLoader", "adminMoneyOutAction"),
  adminPage("payouts/batches/:id", () => import("./AdminPayoutBatchPage"), "adminPayoutBatchLoader", "adminPayoutLineAction"),
  // A refund batch under Refunds, where the navigation shows it; the same page.
  adminPage("refunds/batches/:id", () => import("./AdminPayoutBatchPage"), "adminPayoutBatchLoader", "adminPayoutLineAction"),
  adminPage("ledger", () => import("./AdminLedgerPage"), "adminLedgerLoader"),
  adminPage("ledger/accounts/:id", () => import("./AdminLedgerAccountPage"), "adminLedgerAccountLoader"),
  adminPage("audit", () => import("./AdminAuditPage"), "adminAuditLoader"),
  { path: "*", element: <PageNotFound /> },
]);
