import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { notifications } from "../db/schema.js";
import { toNotification, type NotificationRow } from "./serialize.js";
import { unreadCount } from "./unread.js";

export type NewNotification = typeof notifications.$inferInsert;

/** Stores a notification; call `announce` once the transaction it belongs to has committed. */
export async function createNotification(db: Db, notification: NewNotification) {
  const [row] = await db.insert(notifications).values(notification).returning();
  return row!;
}

/** Pushes a stored notification and the new unread count to every tab of its owner. */
export async function announce(app: FastifyInstance, row: NotificationRow) {
  app.realtime.toUser(row.userId, "notification", {
    notification: toNotification(row),
    unread: await unreadCount(app.db, row.userId),
  });
}
