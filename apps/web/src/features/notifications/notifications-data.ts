import {
  MSG,
  PUSH_KINDS,
  PUSH_MSG,
  id,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type AppNotification,
  type PushKind,
  type PushSettings,
} from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import type { Result } from "../../lib/result";
import { fetchNotifications, fetchUnreadCount, markAllNotificationsRead, markNotificationRead } from "./notifications-api";
import { fetchPushEndpoints, fetchPushKey, fetchPushSettings, removePushSubscription, savePushSettings, savePushSubscription } from "./push-api";
import { subscribeWithKey } from "./push-device";

/** Web push as the notifications page needs it: the server's key, the account's devices (endpoints) and the kinds pushed. */
export interface PushSetup {
  publicKey: string;
  endpoints: string[];
  settings: PushSettings;
}

export interface NotificationsPageData {
  /** The latest notifications, newest first, or why they could not be read. */
  notifications: Result<AppNotification[]>;
  push: Result<PushSetup>;
}

/** /notifications: the notifications and, beside them, web push's state (either may fail alone). */
export async function notificationsLoader(): Promise<NotificationsPageData> {
  const [notifications, push] = await Promise.all([
    attempt(fetchNotifications, MSG.notificationsFailed),
    attempt(async () => {
      const [publicKey, endpoints, settings] = await Promise.all([fetchPushKey(), fetchPushEndpoints(), fetchPushSettings()]);
      return { publicKey, endpoints, settings };
    }, PUSH_MSG.loadFailed),
  ]);
  return { notifications, push };
}

/** The unread count's data route, read again after a reconnect. */
export function unreadCountLoader(): Promise<Result<number>> {
  return attempt(fetchUnreadCount, MSG.notificationsCountFailed);
}

/**
 * `leads`: the page goes where it leads next, whatever the answer. `pushOn`: this browser's new
 * subscription for the server; `pushOff`: the one it ended; `pushKind`: one kind switched.
 * `pushOnHere` (the offer after a first booking, whose page has not read the server's key): the
 * permission given, this browser subscribes with the key read now and the server is told.
 */
export type NotificationIntent =
  | { intent: "read"; id: string; leads: boolean }
  | { intent: "readAll" }
  | { intent: "pushOn"; subscription: PushSubscriptionJSON }
  | { intent: "pushOnHere" }
  | { intent: "pushOff"; endpoint: string }
  | { intent: "pushKind"; kind: PushKind; on: boolean };

/** `NotificationIntent` as the action checks it: a subscription and an endpoint as the server checks them. */
const notificationIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: id(MSG.notificationNotFound), leads: z.boolean() }),
  z.object({ intent: z.literal("readAll") }),
  z.object({ intent: z.literal("pushOn"), subscription: pushSubscriptionSchema }),
  z.object({ intent: z.literal("pushOnHere") }),
  pushUnsubscribeSchema.extend({ intent: z.literal("pushOff") }),
  z.object({ intent: z.literal("pushKind"), kind: z.enum(PUSH_KINDS), on: z.boolean() }),
]);

/**
 * /notifications' action. `read`: marks one read (when the page then goes where it leads, going
 * there matters more than the mark: a failure is a toast on the way). `readAll`: marks every one read.
 */
export async function notificationsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const parsed = await jsonBody(request, notificationIntentSchema);
  if (!parsed.ok) return parsed;
  const body = parsed.data;
  if (body.intent === "pushOnHere")
    return attempt(async () => {
      await savePushSubscription(await subscribeWithKey(await fetchPushKey()));
      return null;
    }, PUSH_MSG.turnOnFailed);
  if (body.intent === "pushOn") return attempt(() => savePushSubscription(body.subscription).then(() => null), PUSH_MSG.turnOnFailed);
  if (body.intent === "pushOff") {
    const done = await attempt(() => removePushSubscription(body.endpoint).then(() => null), PUSH_MSG.turnOffFailed);
    // Already unknown to the server (ended at a logout, or gone): off is off.
    return done.ok || done.status === 404 ? { ok: true, data: null } : done;
  }
  if (body.intent === "pushKind") return attempt(() => savePushSettings({ [body.kind]: body.on }).then(() => null), PUSH_MSG.settingsFailed);
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
