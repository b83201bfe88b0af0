import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG } from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { notifications } from "../db/schema.js";
import { notFound } from "../http/errors.js";
import { pathId } from "../http/params.js";
import { toNotification } from "./serialize.js";
import { unreadCount } from "./unread.js";

/** How many of the latest notifications the list shows. */
const LIST_LENGTH = 200;

export async function notificationRoutes(app: FastifyInstance) {
  /** The new count, to the caller and to the user's other tabs. */
  async function recount(userId: string) {
    const unread = await unreadCount(app.db, userId);
    app.realtime.toUser(userId, "unreadCount", { unread });
    return { count: unread };
  }

  app.get("/users/notification", { preHandler: app.authenticate }, async (request) => ({
    count: await unreadCount(app.db, currentUser(request).id),
  }));

  app.get("/users/notifications", { preHandler: app.authenticate }, async (request) => {
    const rows = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, currentUser(request).id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LENGTH);
    return rows.map(toNotification);
  });

  app.put("/users/notifications/read-all", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    await app.db
      .update(notifications)
      .set({ read: true, updatedAt: new Date() })
      .where(and(eq(notifications.userId, me.id), eq(notifications.read, false)));
    return recount(me.id);
  });

  app.put<{ Params: { id: string } }>("/users/notifications/:id/read", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const id = pathId(request.params.id, MSG.notificationNotFound);
    // Someone else's notification is as good as missing.
    const [row] = await app.db
      .update(notifications)
      .set({ read: true, updatedAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, me.id)))
      .returning({ id: notifications.id });
    if (!row) throw notFound(MSG.notificationNotFound);
    return recount(me.id);
  });
}
