import type { AppNotification } from "@vam/shared";
import { createContext, use } from "react";

export interface NotificationStore {
  /** Unread notifications of the signed-in user, from the server and kept live; never below 0. */
  unread: number;
  /** null until the list has been loaded. */
  items: AppNotification[] | null;
  loading: boolean;
  /** The last failure, in the spec's words. */
  error: string | null;
  /** Loads the list and keeps it fresh until the returned function is called. */
  watchList: () => () => void;
  /** Marks an unread notification read; false when that failed. */
  markRead: (notification: AppNotification) => Promise<boolean>;
  markAllRead: () => Promise<void>;
}

export const NotificationsContext = createContext<NotificationStore | null>(null);

export function useNotifications(): NotificationStore {
  const store = use(NotificationsContext);
  if (!store) throw new Error("useNotifications must be used inside <NotificationsProvider>");
  return store;
}
