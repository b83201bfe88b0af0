import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MSG } from "@vam/shared";

/** Addresses that are never the web app's pages: a miss there is a 404, not index.html. */
const NOT_SPA = /^\/(api|uploads|socket\.io|assets)(\/|$)/;

/** Hashed build output: its name changes with its content. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html names the current hashed files: the browser asks again each time (a cheap 304). */
const REVALIDATE = "no-cache";
/** Unhashed files copied from public/ (hero image, favicon). */
const SHORT = "public, max-age=3600";

/** The Cache-Control of a file of the build, by its path (its .br or .gz sibling included). */
export function cacheControlFor(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  if (/^index\.html(\.br|\.gz)?$/.test(path.basename(file))) return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built web app, and its index.html for every client-side route. The build writes a
 * brotli (.br) and a gzip (.gz) copy beside every file worth compressing; the one the browser
 * accepts is sent as it is, with Content-Encoding and `Vary: Accept-Encoding` (no compression
 * work per request).
 */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }) {
  if (!existsSync(path.join(opts.dist, "index.html"))) {
    app.log.warn({ dist: opts.dist }, "web app is not built: run `npm run build`");
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is set per file below; the plugin's own would be max-age=0.
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header("Cache-Control", cacheControlFor(file));
    },
  });
  app.get("/*", (request, reply) => {
    const url = request.url.split("?")[0]!;
    if (NOT_SPA.test(url)) return reply.status(404).send({ message: MSG.notFound });
    return reply.sendFile("index.html");
  });
}
