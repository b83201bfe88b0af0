import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { withTimeout } from "../time-limit.js";

/** As GET /api/ready: a check that does not answer within this long counts as failing. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this instance would answer GET /api/ready with 200, for the `vam_ready` gauge: the
 * database answers, Redis answers (when configured), every migration is applied, and the
 * instance is not shutting down. The same checks as `health/routes.ts`, which says which one fails.
 */
export async function isReady(app: FastifyInstance): Promise<boolean> {
  if (app.lifecycle.draining) return false;
  const passes = async (probe: () => Promise<boolean>) => {
    try {
      return await withTimeout(probe(), CHECK_TIMEOUT_MS);
    } catch {
      return false;
    }
  };
  const redis = app.redis;
  const checks = await Promise.all([
    passes(async () => (await app.db.execute(sql`select 1`), true)),
    redis ? passes(async () => (await redis.ping()) === "PONG") : Promise.resolve(true),
    passes(() => app.database.migrationsApplied()),
  ]);
  return checks.every(Boolean);
}
