import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/health", async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: "ok", database: app.database.kind };
    } catch (error) {
      request.log.error({ err: error }, "health check failed");
      return reply.status(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });
}
