import { MSG, type AppNotification } from "@vam/shared";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useAuth } from "../auth/auth-context";
import { useRealtimeConnect, useRealtimeEvent } from "../realtime/realtime-context";
import { fetchNotifications, fetchUnreadCount, markAllNotificationsRead, markNotificationRead } from "./notifications-api";
import { NotificationsContext, type NotificationStore } from "./notifications-context";

const atLeastZero = (count: number) => Math.max(0, Math.trunc(Number(count)) || 0);

/** The same notification, or the chat's earlier MESSAGE one: the server keeps one per chat. */
const replaces = (fresh: AppNotification, item: AppNotification) =>
  item.id === fresh.id || (fresh.type === "MESSAGE" && item.type === "MESSAGE" && item.chatId === fresh.chatId);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const userId = authLoading ? null : (user?.id ?? null);
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Bumped when the signed-in user changes, so that late answers for the previous one are dropped. */
  const session = useRef(0);
  const watchers = useRef(0);

  const refreshCount = useCallback(async () => {
    const mine = session.current;
    try {
      const count = await fetchUnreadCount();
      if (mine === session.current) setUnread(atLeastZero(count));
    } catch {
      if (mine === session.current) setError(MSG.notificationsCountFailed);
    }
  }, []);

  const loadList = useCallback(async () => {
    const mine = session.current;
    setLoading(true);
    setError(null);
    try {
      const list = await fetchNotifications();
      if (mine === session.current) setItems(list);
    } catch {
      if (mine === session.current) setError(MSG.notificationsFailed);
    } finally {
      if (mine === session.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    session.current += 1;
    setUnread(0);
    setItems(null);
    setLoading(false);
    setError(null);
    if (userId) void refreshCount();
  }, [userId, refreshCount]);

  useRealtimeEvent("notification", ({ notification, unread: count }) => {
    setUnread(atLeastZero(count));
    setItems((list) => list && [notification, ...list.filter((item) => !replaces(notification, item))]);
  });
  useRealtimeEvent("unreadCount", ({ unread: count }) => {
    setUnread(atLeastZero(count));
    // Read elsewhere (another tab, an opened chat): the shown list is stale.
    if (watchers.current > 0) void loadList();
  });
  useRealtimeConnect(() => {
    void refreshCount();
    if (watchers.current > 0) void loadList();
  });

  const watchList = useCallback(() => {
    watchers.current += 1;
    void loadList();
    return () => {
      watchers.current -= 1;
    };
  }, [loadList]);

  const markRead = useCallback(async (notification: AppNotification) => {
    if (notification.read) return true;
    const mine = session.current;
    setError(null);
    try {
      const count = await markNotificationRead(notification.id);
      if (mine !== session.current) return true;
      setUnread(atLeastZero(count));
      setItems((list) => list && list.map((item) => (item.id === notification.id ? { ...item, read: true } : item)));
      return true;
    } catch {
      if (mine === session.current) setError(MSG.notificationReadFailed);
      return false;
    }
  }, []);

  const markAllRead = useCallback(async () => {
    const mine = session.current;
    setError(null);
    try {
      await markAllNotificationsRead();
      if (mine !== session.current) return;
      setUnread(0);
      setItems((list) => list && list.map((item) => ({ ...item, read: true })));
    } catch {
      if (mine === session.current) setError(MSG.notificationsReadAllFailed);
    }
  }, []);

  const store = useMemo<NotificationStore>(
    () => ({ unread, items, loading, error, watchList, markRead, markAllRead }),
    [unread, items, loading, error, watchList, markRead, markAllRead],
  );
  return <NotificationsContext value={store}>{children}</NotificationsContext>;
}
