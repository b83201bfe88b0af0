import type { Db } from "../db/client.js";
import { notifications } from "../db/schema.js";

export type NewNotification = typeof notifications.$inferInsert;

export async function createNotification(db: Db, notification: NewNotification) {
  const [row] = await db.insert(notifications).values(notification).returning();
  return row!;
}
