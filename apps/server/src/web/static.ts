import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MSG } from "@vam/shared";

const NOT_SPA = /^\/(api|uploads|socket\.io)(\/|$)/;

/** Serves the built web app, and its index.html for every client-side route. */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }) {
  if (!existsSync(path.join(opts.dist, "index.html"))) {
    app.log.warn({ dist: opts.dist }, "web app is not built: run `npm run build`");
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.dist,
    wildcard: false,
    index: false,
    setHeaders(reply, file) {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  app.get("/*", (request, reply) => {
    const url = request.url.split("?")[0]!;
    if (NOT_SPA.test(url)) return reply.status(404).send({ message: MSG.notFound });
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
