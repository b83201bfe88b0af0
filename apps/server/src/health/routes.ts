import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const healthy = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
const unavailable = z.object({ status: z.literal("unavailable"), message: z.string() });

export async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["health"], summary: "Whether the server and its database answer", response: { 200: healthy, 503: unavailable } };
  app.get("/health", { schema }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: "ok" as const, database: app.database.kind };
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      return reply.status(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });
}
