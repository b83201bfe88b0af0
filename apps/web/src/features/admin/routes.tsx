import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/route-helpers";
import { importAgain } from "../../lib/import-again";

/**
 * The operator console's routes, which router.tsx places under its "admin" route (and layout): the
 * dashboard, known from the start through a small module of its own (admin-dashboard-entry.ts: the
 * first chunk does not list its dependencies), and the other pages (admin-routes.tsx), loaded and
 * patched in the first time an address under /admin/ is opened.
 */
export const adminRoutes = {
  dashboard: {
    index: true,
    lazy: lazyPage(
      async () => (await import("./admin-dashboard-entry")).dashboardPage(),
      async () => (await import("./admin-dashboard-entry")).dashboardLoader(),
    ),
  } satisfies RouteObject,
  laterPages: async (): Promise<RouteObject[]> => (await importAgain(() => import("./admin-routes"))).adminPages,
};
