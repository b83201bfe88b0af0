import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from "react-router";
import { AppRoot } from "./layouts/AppRoot";
import { ProtectedLayout } from "./layouts/ProtectedLayout";
import { PublicLayout } from "./layouts/PublicLayout";
import { PageNotFound, RouteError } from "./components/RouteError";
import { loading, lazyPage, withErrorScreen } from "./components/route-helpers";
import { initialRootData, rootLoader, rootShouldRevalidate } from "./layouts/root-loader";
import { readToken } from "./api/session-storage";
import { accountRoutes } from "./features/account/routes";
import { adminRoutes } from "./features/admin/routes";
import { authRoutes } from "./features/auth/routes";
import { homeRoutes } from "./features/home/routes";
import { postingsRoutes } from "./features/postings/routes";
import { profilesRoutes } from "./features/profiles/routes";
import { reviewsRoutes } from "./features/reviews/routes";
import { DATA_ROOT } from "./lib/data-routes";
import { importAgain } from "./lib/import-again";
import { LATER_DATA, LATER_PAGES } from "./later-paths";
import { HOME_PAGE, pageHref } from "./lib/page-routes";

/*
 * Each feature declares its routes (`features/<name>/routes.tsx`, imported as it is: through the
 * feature's public module, the first chunk would carry every module that one names): its pages
 * with their paths (lib/page-routes.ts) and its data routes (lib/data-routes.ts); this table
 * places them under the layouts. Every page, and its loader, is its own chunk that loads when its
 * address is opened (React Router's lazy routes): the first load of /home carries only the app's
 * frame and the home page. The layouts are part of the first chunk, so that a cold load shows the
 * navigation at once; the page's place shows its loading text (HydrateFallback) until the page's
 * code has arrived. Later navigations keep the current page and show the progress bar until the
 * next one is ready. Every chunk is loaded through `importAgain`: one that fails offline is tried
 * again once online.
 */

/**
 * The routes of the features a visitor opens, in the first chunk; React Router ranks the paths, so
 * their order here does not matter. The others' (later-routes.ts) are added when first needed.
 */
const features = [homeRoutes, profilesRoutes, authRoutes, accountRoutes, postingsRoutes, reviewsRoutes];

/** The routes the later features' pages and data routes are added under. */
const SIGNED_IN = "signed-in";
const DATA = "data";

const appRoutes: RouteObject[] = [
  {
    path: "/",
    errorElement: <RouteError />,
    HydrateFallback: loading(),
    children: [
      { index: true, loader: () => redirect(pageHref(HOME_PAGE, {})) },
      {
        element: <PublicLayout />,
        children: withErrorScreen([...features.flatMap((feature) => feature.publicPages ?? []), { path: "*", element: <PageNotFound /> }]),
      },
      {
        element: <ProtectedLayout />,
        children: withErrorScreen(
          features.flatMap((feature) => feature.signedInPages ?? []),
          SIGNED_IN,
        ),
      },
      {
        // Loader- and action-only routes that fetchers load and submit to (decision 0004); their
        // code is the feature's `<feature>-data.ts`, loaded with the first use. Opened in the
        // address bar, they show the page not found.
        id: DATA,
        path: DATA_ROOT.slice(1), // "data", relative like its siblings
        element: <PageNotFound />,
        children: features.flatMap((feature) => feature.dataRoutes ?? []),
      },
      {
        // The operator console (and its charts) loads only when an address under /admin is opened;
        // its pages but the dashboard are patched in then too (below), not listed in the first chunk.
        id: "admin",
        path: "admin",
        HydrateFallback: loading(),
        lazy: lazyPage(() => import("./layouts/AdminLayout")),
        children: withErrorScreen([adminRoutes.dashboard]),
      },
    ],
  },
];

let adminPatched = false;

/**
 * The later features' routes, loaded once (at start for someone signed in, who will need them);
 * a load that failed is tried again by the next request that needs them.
 */
let later: Promise<typeof import("./later-routes")> | undefined;
const loadLater = () =>
  (later ??= importAgain(() => import("./later-routes")).catch((error: unknown) => {
    later = undefined;
    throw error;
  }));
if (readToken()) void loadLater().catch(() => {});
let laterPatched = false;
/** The later routes' addresses, to match a request against before they are loaded. */
const laterAddresses: RouteObject[] = [
  ...LATER_PAGES.map((path) => ({ path })),
  { path: DATA_ROOT.slice(1), children: LATER_DATA.map((path) => ({ path })) },
];

const routes: RouteObject[] = [
  {
    // The session (decision 0004): shown at once from what this browser stored (the hydration data),
    // checked by the root loader, and read again only after signing in or out.
    id: "root",
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    element: <AppRoot />,
    children: appRoutes,
  },
];

export const router = createBrowserRouter(routes, {
  hydrationData: { loaderData: { root: initialRootData() } },
  // React Router's lazy route discovery (asked on a navigation or a fetcher's request whose
  // address matches nothing, or a route with parameters): the console's pages are added the first
  // time an address under /admin is opened (few people ever open one), the later features' the
  // first time one of their addresses is.
  async patchRoutesOnNavigation({ path, patch }) {
    if (/^\/admin(\/|$)/.test(path)) {
      if (adminPatched) return;
      const pages = await adminRoutes.laterPages();
      if (adminPatched) return;
      adminPatched = true;
      patch("admin", pages);
      return;
    }
    if (laterPatched || !matchRoutes(laterAddresses, path)) return;
    const { laterFeatures } = await loadLater();
    // Each request that waited patches (React Router skips routes it already has).
    patch(
      SIGNED_IN,
      laterFeatures.flatMap((feature) => feature.signedInPages ?? []),
    );
    patch(
      DATA,
      laterFeatures.flatMap((feature) => feature.dataRoutes ?? []),
    );
    laterPatched = true;
  },
});
