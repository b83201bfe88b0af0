import { useMemo, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { Result } from "../../lib/result";
import { useAuth } from "../auth/public";
import { useRealtimeConnect, useRealtimeEvent } from "../realtime/public";
import { NotificationsContext } from "./notifications-context";
import { UNREAD_COUNT } from "./notifications-routes";

const atLeastZero = (count: number) => Math.max(0, Math.trunc(Number(count)) || 0);

/**
 * The unread count: as the root loader read it at sign-in (`unread`), then as its data route
 * reads it again whenever the socket says it changed or reconnects (one fetcher per session).
 */
export function NotificationsProvider({ unread, children }: { unread: number | null; children: ReactNode }) {
  const { user, token } = useAuth();
  const fetcher = useFetcher<Result<number>>({ key: `unread-${token}` });
  const reload = () => void fetcher.load(UNREAD_COUNT);
  useRealtimeEvent("notification", reload);
  useRealtimeEvent("unreadCount", reload);
  useRealtimeConnect(reload);

  const fetched = fetcher.data;
  const count = fetched ? (fetched.ok ? fetched.data : null) : unread;
  const signedIn = user !== null;
  const store = useMemo(() => ({ unread: signedIn ? atLeastZero(count ?? 0) : 0, countFailed: signedIn && count === null }), [signedIn, count]);
  return <NotificationsContext value={store}>{children}</NotificationsContext>;
}
