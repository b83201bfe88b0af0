import type { AppNotification } from "@vam/shared";
import { api } from "../../api/client";

type Count = { count: number };

export async function fetchUnreadCount(): Promise<number> {
  return (await api.get<Count>("/users/notification")).count;
}

/** Newest first. */
export function fetchNotifications(): Promise<AppNotification[]> {
  return api.get<AppNotification[]>("/users/notifications");
}

/** Returns the new unread count. */
export async function markNotificationRead(id: string): Promise<number> {
  return (await api.put<Count>(`/users/notifications/${encodeURIComponent(id)}/read`)).count;
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.put<Count>("/users/notifications/read-all");
}
