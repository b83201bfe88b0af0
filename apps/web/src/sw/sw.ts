/**
 * The service worker (decision 0023), built by apps/web/pwa-build.ts into dist/sw.js, served from
 * the root with `Cache-Control: no-cache`, so a new build is a new worker on the next visit.
 *
 * - Pages (navigations) always come from the network, never from a cache: no stale page after a
 *   deploy. When the network fails, the prerendered offline page answers in the page's place.
 *   (Every navigation: one to /api/docs or an upload is taken from the network too, uncached, so
 *   that the navigation preload's request is the one used rather than a second one.)
 * - The app's frame (what index.html loads: its entry script, the vendor chunk, the stylesheet) and
 *   the offline page are precached when the worker installs; the other hashed files under
 *   /assets/ are cached the first time they are loaded, and then read from the cache (their name
 *   changes with their content).
 * - The app's requests to the API, the live connection (/socket.io) and the uploads are never the
 *   worker's: no route matches them, so the browser fetches them as if there were no worker.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import { installPushHandlers } from "./push";

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: the offline page and its script (with revisions), the frame's hashed files. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

/** The page shown in place of a page that could not be loaded. */
const OFFLINE_PAGE = "/offline.html";

// A new worker takes over at once: it changes no page already open (pages are never cached), and
// the next navigation is answered by the new one.
self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);
// The page's request starts while the worker starts up: a navigation waits for no worker.
enableNavigationPreload();

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await network.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/") && !request.headers.has("range"),
  new CacheFirst({
    cacheName: "vam-assets",
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true })],
  }),
);

installPushHandlers();
