import type { RouteObject } from "react-router";
import { lazyPage, withErrorScreen } from "../../layouts/route-helpers";
import { PageNotFound } from "../../layouts/RouteError";

/**
 * The operator console's pages but its dashboard, patched under the "admin" route the first time
 * an address under /admin/ is opened (router.tsx, patchRoutesOnNavigation): the first chunk of
 * every other visitor does not list them. Each page is its own chunk, as elsewhere.
 */
export const adminRoutes: RouteObject[] = withErrorScreen([
  {
    path: "payments",
    lazy: lazyPage(
      () => import("./AdminPaymentsPage"),
      async () => (await import("./admin-loaders")).adminPaymentsLoader,
      async () => (await import("./admin-actions")).adminPaymentAction,
    ),
  },
  {
    path: "users",
    lazy: lazyPage(
      () => import("./AdminUsersPage"),
      async () => (await import("./admin-loaders")).adminUsersLoader,
      async () => (await import("./admin-actions")).adminUserAction,
    ),
  },
  {
    path: "users/:id",
    lazy: lazyPage(
      () => import("./AdminUserDetailPage"),
      async () => (await import("./admin-loaders")).adminUserLoader,
      async () => (await import("./admin-actions")).adminUserAction,
    ),
  },
  {
    path: "reviews",
    lazy: lazyPage(
      () => import("./AdminReviewsPage"),
      async () => (await import("./admin-loaders")).adminReviewsLoader,
      async () => (await import("./admin-actions")).adminReviewAction,
    ),
  },
  {
    path: "payment-qr",
    lazy: lazyPage(
      () => import("./AdminPaymentQrPage"),
      async () => (await import("./admin-loaders")).adminPaymentQrLoader,
      async () => (await import("./admin-actions")).adminPaymentQrAction,
    ),
  },
  {
    path: "statements",
    lazy: lazyPage(
      () => import("./AdminStatementsPage"),
      async () => (await import("./admin-loaders")).adminStatementsLoader,
      async () => (await import("./admin-actions")).adminStatementsAction,
    ),
  },
  {
    path: "payouts",
    lazy: lazyPage(
      () => import("./AdminMoneyOutPage"),
      async () => (await import("./admin-loaders")).adminPayoutsLoader,
      async () => (await import("./admin-actions")).adminMoneyOutAction,
    ),
  },
  {
    path: "refunds",
    lazy: lazyPage(
      () => import("./AdminMoneyOutPage"),
      async () => (await import("./admin-loaders")).adminRefundsLoader,
      async () => (await import("./admin-actions")).adminMoneyOutAction,
    ),
  },
  {
    path: "payouts/batches/:id",
    lazy: lazyPage(
      () => import("./AdminPayoutBatchPage"),
      async () => (await import("./admin-loaders")).adminPayoutBatchLoader,
      async () => (await import("./admin-actions")).adminPayoutLineAction,
    ),
  },
  // A refund batch under Refunds, where the navigation shows it; the same page.
  {
    path: "refunds/batches/:id",
    lazy: lazyPage(
      () => import("./AdminPayoutBatchPage"),
      async () => (await import("./admin-loaders")).adminPayoutBatchLoader,
      async () => (await import("./admin-actions")).adminPayoutLineAction,
    ),
  },
  {
    path: "ledger",
    lazy: lazyPage(
      () => import("./AdminLedgerPage"),
      async () => (await import("./admin-loaders")).adminLedgerLoader,
    ),
  },
  {
    path: "ledger/accounts/:id",
    lazy: lazyPage(
      () => import("./AdminLedgerAccountPage"),
      async () => (await import("./admin-loaders")).adminLedgerAccountLoader,
    ),
  },
  {
    path: "audit",
    lazy: lazyPage(
      () => import("./AdminAuditPage"),
      async () => (await import("./admin-loaders")).adminAuditLoader,
    ),
  },
  { path: "*", element: <PageNotFound /> },
]);
