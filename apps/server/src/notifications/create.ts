import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { notifications } from "../db/schema.js";
import { pushNotification } from "../push/public.js";
import { toNotification, type NotificationRow } from "./serialize.js";
import { unreadCount } from "./unread.js";

export type NewNotification = typeof notifications.$inferInsert;

/** Stores a notification; call `announce` once the transaction it belongs to has committed. */
export async function createNotification(db: Db, notification: NewNotification) {
  const [row] = await db.insert(notifications).values(notification).returning();
  return row!;
}

/**
 * Pushes a stored notification and the new unread count to every tab of its owner, and queues
 * its web push to their devices when it is a kind that is pushed (decision 0024). `push: false`:
 * another notification of the same event is pushed instead (a booking's own chat message).
 */
export async function announce(app: FastifyInstance, row: NotificationRow, { push = true }: { push?: boolean } = {}) {
  app.realtime.toUser(row.userId, "notification", {
    notification: toNotification(row),
    unread: await unreadCount(app.db, row.userId),
  });
  if (push) await pushNotification(app, row);
}
