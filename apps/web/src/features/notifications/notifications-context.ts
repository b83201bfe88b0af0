import { createContext, use } from "react";

export interface NotificationStore {
  /** Unread notifications of the signed-in user, from the server and kept live; never below 0. */
  unread: number;
  /** The count could not be read. */
  countFailed: boolean;
}

export const NotificationsContext = createContext<NotificationStore | null>(null);

export function useNotifications(): NotificationStore {
  const store = use(NotificationsContext);
  if (!store) throw new Error("useNotifications must be used inside <NotificationsProvider>");
  return store;
}
