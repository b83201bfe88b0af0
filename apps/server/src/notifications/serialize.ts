import type { AppNotification, NotificationType } from "@vam/shared";
import type { notifications } from "../db/schema.js";

export type NotificationRow = typeof notifications.$inferSelect;

export const toNotification = (row: NotificationRow): AppNotification => ({
  id: row.id,
  type: row.type as NotificationType,
  title: row.title,
  content: row.content,
  read: row.read,
  createdAt: row.createdAt.toISOString(),
  chatId: row.chatId,
  entityId: row.entityId,
});
