import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { withTimeout } from "../time-limit.js";
import { webState } from "../web/build.js";
import { pingDatabase } from "./repository.js";

const healthy = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
const unavailable = z.object({ status: z.literal("unavailable"), message: z.string() });

const check = z.enum(["ok", "failing", "not configured"]);
/** The web app this instance serves: a missing build answers its pages 503 (development only: production refuses to start). */
const web = z.enum(["built", "missing", "not configured"]);
const checks = z.object({ database: check, redis: check, migrations: check, shuttingDown: z.boolean(), web });
const ready = z.object({ status: z.literal("ready"), checks });
const unready = z.object({ status: z.literal("unready"), message: z.string(), checks });

/** A check that does not answer within this long counts as failing: a balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 2000;

export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["health"], summary: "Liveness: whether the server and its database answer", response: { 200: healthy, 503: unavailable } };
  app.get("/health", { schema }, async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: "ok" as const, database: app.database.kind };
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      return reply.status(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });

  const readySchema = {
    tags: ["health"],
    summary:
      "Readiness: whether a balancer should send this instance traffic (database, Redis, migrations, not shutting down); also whether the web app is built",
    response: { 200: ready, 503: unready },
  };
  // As the pages were set up at start (a build made later is served after a restart).
  const webAtStart = webState(app.config.webDist);
  app.get("/ready", { schema: readySchema }, async (request, reply) => {
    const run = async (name: string, probe: () => Promise<boolean>) => {
      try {
        return (await withTimeout(probe(), CHECK_TIMEOUT_MS)) ? ("ok" as const) : ("failing" as const);
      } catch (error) {
        request.log.warn({ err: error, check: name }, "readiness check failed");
        return "failing" as const;
      }
    };
    const redis = app.redis;
    const [database, redisState, migrations] = await Promise.all([
      run("database", async () => (await pingDatabase(app.db), true)),
      redis ? run("redis", async () => (await redis.ping()) === "PONG") : Promise.resolve("not configured" as const),
      run("migrations", () => app.database.migrationsApplied()),
    ]);
    const shuttingDown = app.lifecycle.draining;
    const result = { database, redis: redisState, migrations, shuttingDown, web: webAtStart };
    const failing = [
      ...(shuttingDown ? ["the instance is shutting down"] : []),
      ...(database === "failing" ? ["the database is not answering"] : []),
      ...(redisState === "failing" ? ["Redis is not answering"] : []),
      ...(migrations === "failing" ? ["the database schema is behind this version"] : []),
    ];
    if (failing.length === 0) return { status: "ready" as const, checks: result };
    return reply.status(503).send({ status: "unready", message: `Not ready: ${failing.join("; ")}.`, checks: result });
  });
}
