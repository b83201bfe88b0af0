import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { notifications } from "../db/schema.js";

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}
