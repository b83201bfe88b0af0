import { and, eq, inArray, sql } from "drizzle-orm";
import { PUSH_KINDS, type PushKind, type PushPayload, type PushSettings } from "@vam/shared";
import { queryRows, textArray, type Db } from "../db/client.js";
import { pushOutbox, pushSettings, pushSubscriptions, sessions } from "../db/schema.js";

/** Every database access of web push (decision 0024); the routes and the queue hold none. */

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type OutboxRow = typeof pushOutbox.$inferSelect;

export interface NewSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceLabel: string;
}

/**
 * Stores this device's subscription, or moves it to this user and session: an endpoint is one
 * browser profile, so the one who signed in last on it is the one it pushes to. Its keys are
 * taken anew (a browser may renew them).
 */
export async function saveSubscription(db: Db, input: NewSubscription) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: input.userId,
        sessionId: input.sessionId,
        p256dh: input.p256dh,
        auth: input.auth,
        deviceLabel: input.deviceLabel,
      },
    })
    .returning();
  return row!;
}

/** Removes the user's own subscription of this endpoint; false when there is none of theirs. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Ends the subscriptions registered by this session (the device that logs out). */
export async function deleteSessionSubscriptions(db: Db, sessionId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** Ends every subscription of the user (password reset, suspension, account deletion). */
export async function deleteUserSubscriptions(db: Db, userId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The subscription the push service said is gone (404 or 410). */
export async function deleteSubscription(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function subscriptionById(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export async function markDelivered(db: Db, subscriptionId: string) {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, subscriptionId));
}

/** The kinds the user switched off. */
async function kindsOff(db: Db, userId: string): Promise<string[]> {
  const [row] = await db.select({ off: pushSettings.off }).from(pushSettings).where(eq(pushSettings.userId, userId));
  return row?.off ?? [];
}

export const pushSettingsOf = (off: readonly string[]): PushSettings =>
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.includes(kind)])) as PushSettings;

export async function readPushSettings(db: Db, userId: string) {
  return pushSettingsOf(await kindsOff(db, userId));
}

/** Switches kinds off and on in one statement (two tabs switching two kinds both win). */
export async function writePushSettings(db: Db, userId: string, turnOff: readonly PushKind[], turnOn: readonly PushKind[]) {
  const off = sql`(select coalesce(array_agg(distinct kind order by kind), '{}'::text[])
    from unnest(array_cat(coalesce((select ${pushSettings.off} from ${pushSettings} where ${pushSettings.userId} = ${userId}), '{}'::text[]), ${textArray(turnOff)})) as kind
    where kind <> all(${textArray(turnOn)}))`;
  const [row] = await db
    .insert(pushSettings)
    .values({ userId, off: sql`${off}` })
    .onConflictDoUpdate({ target: pushSettings.userId, set: { off: sql`${off}` } })
    .returning({ off: pushSettings.off });
  return pushSettingsOf(row!.off);
}

/**
 * Queues one push per device of the user whose session is live, unless the user switched the
 * kind off: one statement, so a subscription ended meanwhile gets nothing. Answers how many.
 */
export async function queuePush(db: Db, userId: string, kind: PushKind, payload: PushPayload, ttlSeconds: number) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${pushOutbox} (subscription_id, user_id, kind, payload, expires_at)
    select s.id, s.user_id, ${kind}, ${JSON.stringify(payload)}::jsonb, now() + ${`${ttlSeconds} seconds`}::interval
    from ${pushSubscriptions} s
    join ${sessions} on ${sessions.id} = s.session_id and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
    where s.user_id = ${userId}
      and not exists (select 1 from ${pushSettings} p where p.user_id = s.user_id and ${kind} = any(p.off))
    returning id`,
  );
  return rows.length;
}

/** Claims up to `batch` due pushes for `leaseMs` (FOR UPDATE SKIP LOCKED: each goes to one worker). */
export async function claimDue(db: Db, batch: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = sql`select ${pushOutbox.id} from ${pushOutbox}
    where ${pushOutbox.nextAttemptAt} <= now() and (${pushOutbox.claimedUntil} is null or ${pushOutbox.claimedUntil} < now())
    order by ${pushOutbox.nextAttemptAt} limit ${batch} for update skip locked`;
  return db
    .update(pushOutbox)
    .set({ claimedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`, attempts: sql`${pushOutbox.attempts} + 1` })
    .where(sql`${pushOutbox.id} in (${due})`)
    .returning();
}

/** Done with these pushes: delivered, skipped, stale or given up. */
export async function removeFromOutbox(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
}

/** Tries again after `waitMs`, keeping the reason. */
export async function retryLater(db: Db, id: string, waitMs: number, error: string) {
  await db
    .update(pushOutbox)
    .set({ claimedUntil: null, lastError: error.slice(0, 500), nextAttemptAt: sql`now() + ${`${Math.round(waitMs)} milliseconds`}::interval` })
    .where(eq(pushOutbox.id, id));
}

/** Drops the pushes whose TTL passed before they could go: the push service would have dropped them too. */
export async function dropStale(db: Db) {
  await db.delete(pushOutbox).where(sql`${pushOutbox.expiresAt} < now()`);
}
