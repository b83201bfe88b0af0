import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { appNotificationSchema, MSG } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { notFound } from "../http/errors.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { latestNotifications, markNotificationRead, markNotificationsRead } from "./repository.js";
import { toNotification } from "./serialize.js";
import { unreadCount } from "./unread.js";

/** How many of the latest notifications the list shows. */
const LIST_LENGTH = 200;

const count = z.object({ count: z.number() });
const contract = <R extends z.ZodType>(summary: string, response: R) => ({
  tags: ["notifications"],
  summary,
  security: bearer,
  response: { 200: response, ...errorResponses },
});

export async function notificationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  /** The new count, to the caller and to the user's other tabs. */
  async function recount(userId: string) {
    const unread = await unreadCount(app.db, userId);
    app.realtime.toUser(userId, "unreadCount", { unread });
    return { count: unread };
  }

  app.get("/users/notification", { ...auth, schema: contract("How many notifications are unread", count) }, async (request) => ({
    count: await unreadCount(app.db, currentUser(request).id),
  }));

  const listContract = contract("The latest notifications, newest first", z.array(appNotificationSchema));
  app.get("/users/notifications", { ...auth, schema: listContract }, async (request) => {
    const rows = await latestNotifications(app.db, currentUser(request).id, LIST_LENGTH);
    return rows.map(toNotification);
  });

  app.put("/users/notifications/read-all", { ...auth, schema: contract("Mark every notification read", count) }, async (request) => {
    const me = currentUser(request);
    await markNotificationsRead(app.db, me.id);
    return recount(me.id);
  });

  const readContract = { ...contract("Mark one notification read", count), params: idParams(MSG.notificationNotFound) };
  app.put("/users/notifications/:id/read", { ...auth, schema: readContract }, async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    // Someone else's notification is as good as missing.
    if (!(await markNotificationRead(app.db, id, me.id))) throw notFound(MSG.notificationNotFound);
    return recount(me.id);
  });
}
