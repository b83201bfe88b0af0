import { MSG, type AppNotification } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
import type { Result } from "../../lib/result";
import { fetchNotifications, fetchUnreadCount, markAllNotificationsRead, markNotificationRead } from "./notifications-api";

/** /notifications: the latest notifications, newest first, or why they could not be read. */
export function notificationsLoader(): Promise<Result<AppNotification[]>> {
  return attempt(fetchNotifications, MSG.notificationsFailed);
}

/** The unread count's data route, read again after a reconnect. */
export function unreadCountLoader(): Promise<Result<number>> {
  return attempt(fetchUnreadCount, MSG.notificationsCountFailed);
}

/** `leads`: the page goes where it leads next, whatever the answer. */
export type NotificationIntent = { intent: "read"; id: string; leads: boolean } | { intent: "readAll" };

/**
 * /notifications' action. `read`: marks one read (when the page then goes where it leads, going
 * there matters more than the mark: a failure is a toast on the way). `readAll`: marks every one read.
 */
export async function notificationsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const body = await jsonBody<NotificationIntent>(request);
  const failure = body.intent === "readAll" ? MSG.notificationsReadAllFailed : MSG.notificationReadFailed;
  const done = await attempt(async () => {
    if (body.intent === "readAll") await markAllNotificationsRead();
    else await markNotificationRead(body.id);
  }, failure);
  if (done.ok) return { ok: true, data: null };
  if (body.intent === "read" && body.leads) {
    toast.error(failure);
    return { ok: true, data: null };
  }
  return { ...done, message: failure };
}
