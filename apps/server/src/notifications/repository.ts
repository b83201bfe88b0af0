import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { notifications } from "../db/schema.js";
import type { NotificationRow } from "./serialize.js";

/** The user's latest `limit` notifications, newest first. */
export async function latestNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks every unread notification of the user read. */
export async function markNotificationsRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ read: true, updatedAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

/** Marks one notification of the user read; false when the user has no such notification. */
export async function markNotificationRead(db: Db, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ read: true, updatedAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return Boolean(row);
}
