import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { notifications } from "../db/schema.js";
import { currentUser } from "../auth/authenticate.js";

export async function notificationRoutes(app: FastifyInstance) {
  app.get("/users/notification", { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const [row] = await app.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.read, false)));
    return { count: row?.n ?? 0 };
  });
}
