import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MSG } from "@vam/shared";
import { webMissingInDevelopment, webMissingInProduction, webMissingPage, webState } from "./build.js";
import { API_COMPRESSION } from "./compression.js";
import { pageRenderer } from "./pages.js";

/**
 * Addresses that are never the web app's pages: a miss there is a 404, not index.html (a build
 * without a service worker answers /sw.js with a 404, not a page the browser would refuse).
 */
const NOT_SPA = /^\/(api|uploads|socket\.io|assets)(\/|$)|^\/sw\.js$/;

/** Hashed build output: its name changes with its content. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * index.html names the current hashed files: the browser asks again each time (a cheap 304). So
 * does the service worker (decision 0023): a new build's worker is found on the next visit.
 */
const REVALIDATE = "no-cache";
/** Unhashed files copied from public/ (hero image, favicon). */
const SHORT = "public, max-age=3600";

/** The Cache-Control of a file of the build, by its path (its .br or .gz sibling included). */
export function cacheControlFor(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  if (/^(index\.html|sw\.js)(\.br|\.gz)?$/.test(path.basename(file))) return REVALIDATE;
  if (path.basename(path.dirname(file)) === "shells") return REVALIDATE;
  return SHORT;
}

/** dist/shells/routes.json, written by the build (decision 0021): which page shell each address gets. */
interface ShellRoutes {
  routes: { pattern: string; file: string }[];
  fallback: string;
}

/**
 * The HTML file to send for a page's address: its prerendered shell (the navigation, the page's
 * loading text and the footer, painted before any script), or index.html in a build without
 * shells.
 */
export function pageFileFor(dist: string): (pathname: string) => string {
  const table = path.join(dist, "shells", "routes.json");
  if (!existsSync(table)) return () => "index.html";
  const shells = JSON.parse(readFileSync(table, "utf8")) as ShellRoutes;
  const routes = shells.routes.map(({ pattern, file }) => ({ pattern: new RegExp(pattern), file }));
  return (pathname) => {
    const page = pathname.replace(/(.)\/+$/, "$1"); // "/home/" is /home's page too
    return routes.find((route) => route.pattern.test(page))?.file ?? shells.fallback;
  };
}

/**
 * Serves the built web app, and for every client-side route its page shell (`pageFileFor`). The build writes a
 * brotli (.br) and a gzip (.gz) copy beside every file worth compressing; the one the browser
 * accepts is sent as it is, with Content-Encoding and `Vary: Accept-Encoding` (no compression
 * work per request).
 */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }) {
  if (webState(opts.dist) === "missing") {
    // Production refuses to start without it (index.ts says so before listening); here too, for
    // any other caller of startServer.
    if (app.config.env === "production") throw new Error(webMissingInProduction(opts.dist));
    // Development: every page says what to run, instead of a 404 that looks like a broken route.
    app.log.warn({ dist: opts.dist }, webMissingInDevelopment(opts.dist));
    const page = webMissingPage(opts.dist);
    app.get("/*", (request, reply) => {
      const url = request.url.split("?")[0]!;
      if (NOT_SPA.test(url)) return reply.status(404).send({ message: MSG.notFound });
      return reply.status(503).header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(page);
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is set per file below; the plugin's own would be max-age=0.
    cacheControl: false,
    // The server's page renderer (decision 0030) is not a file of the site.
    allowedPath: (pathName) => !pathName.startsWith("/ssr/"),
    setHeaders(reply, file) {
      reply.header("Cache-Control", cacheControlFor(file));
    },
  });
  const pageFile = pageFileFor(opts.dist);
  // /profile/list and a profile with their content for a visitor (decision 0030), compressed per
  // answer as the API's are; every other page, and these with a query, get their shell.
  const drawPage = await pageRenderer(app, opts.dist);
  if (drawPage) await app.register(fastifyCompress, { ...API_COMPRESSION, global: false });
  app.get("/*", async (request, reply) => {
    const [url, query] = request.url.split("?") as [string, string | undefined];
    if (NOT_SPA.test(url)) return reply.status(404).send({ message: MSG.notFound });
    if (drawPage && query === undefined) {
      const html = await drawPage(url).catch((error: unknown) => {
        request.log.error({ err: error, url }, "drawing the page failed: its shell is sent instead");
        return null;
      });
      if (html !== null) return reply.header("Cache-Control", REVALIDATE).type("text/html; charset=utf-8").compress(html);
    }
    return reply.sendFile(pageFile(url));
  });
}
