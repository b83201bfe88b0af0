import type { FastifyInstance } from "fastify";
import type { PushKind, PushPayload } from "@vam/shared";
import type { Db } from "../db/client.js";
import { notificationPush, type NotificationRow } from "./notification-push.js";
import { PUSH_OPTIONS } from "./queue.js";
import { deleteSessionSubscriptions, deleteUserSubscriptions, queuePush, readPushSettings, subscriptionsOf } from "./repository.js";

/**
 * What other features call of web push (decision 0024). Pushes are queued after the change
 * that caused them has committed and sent by the push queue; neither slows nor fails the caller.
 */

/** Queues a push to every device of the user (unless they switched the kind off) and wakes the queue. */
export async function pushTo(app: FastifyInstance, userId: string, kind: PushKind, payload: PushPayload) {
  const queue = app.push.queue;
  if (!queue) return;
  try {
    const queued = await queuePush(app.db, userId, kind, payload, PUSH_OPTIONS[kind].ttlSeconds);
    if (queued > 0) queue.kick();
  } catch (error) {
    app.log.error({ err: error, kind }, "push not queued");
  }
}

/** The push of a stored notification, when its kind is one that is pushed. */
export async function pushNotification(app: FastifyInstance, row: NotificationRow) {
  const push = notificationPush(row);
  if (push) await pushTo(app, row.userId, push.kind, push.payload);
}

/** Logout: the device of this session stops receiving pushes. */
export const endDevicePush = (db: Db, sessionId: string) => deleteSessionSubscriptions(db, sessionId);

/** Password reset, suspension, account deletion: every device of the user stops receiving pushes. */
export const endUserPush = (db: Db, userId: string) => deleteUserSubscriptions(db, userId);

/**
 * The account's web push for "Download my data": each device's label, when it subscribed and its
 * push service's host (never the endpoint's path nor the device's keys), and the kinds pushed.
 */
export async function pushExportOf(db: Db, userId: string) {
  const [devices, settings] = await Promise.all([subscriptionsOf(db, userId), readPushSettings(db, userId)]);
  return {
    devices: devices
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => ({ device: row.deviceLabel, subscribedAt: row.createdAt.toISOString(), pushService: new URL(row.endpoint).host })),
    settings,
  };
}
