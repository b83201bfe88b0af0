import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { PushKind } from "@vam/shared";
import type { Db } from "../db/client.js";
import type { VapidKeys } from "./keys.js";
import {
  claimDue,
  deleteSubscription,
  dropStale,
  markDelivered,
  removeFromOutbox,
  retryLater,
  subscriptionById,
  type OutboxRow,
} from "./repository.js";
import { PUSH_TIMEOUT_MS, sendPush, type PushOptions } from "./sender.js";

/** Pushes claimed per round trip. */
const BATCH = 20;
/** A claim outlasts one push service's answer, so a live worker never loses its push to another. */
const LEASE_MS = 3 * PUSH_TIMEOUT_MS;
/** After this many failed attempts a push is given up (dropped, with a warning). */
export const MAX_PUSH_ATTEMPTS = 5;
/** The first retry waits this long, each next one twice as long (unless the push service said Retry-After). */
const RETRY_MS = 30_000;

/** How each kind is sent: messages are urgent and short-lived; money news keeps for days. */
export const PUSH_OPTIONS: Record<PushKind, Omit<PushOptions, "topic">> = {
  messages: { ttlSeconds: 24 * 3600, urgency: "high" },
  bookings: { ttlSeconds: 3 * 24 * 3600, urgency: "normal" },
  payments: { ttlSeconds: 3 * 24 * 3600, urgency: "normal" },
  payouts: { ttlSeconds: 3 * 24 * 3600, urgency: "normal" },
};

export interface PushQueueDeps {
  db: Db;
  keys: VapidKeys;
  subject: string;
  log: FastifyBaseLogger;
  /** Whether the user has a page of the site open and visible now, on any instance. */
  isVisible(userId: string): Promise<boolean>;
  /** How often to look for due pushes even without a kick (0: only kicked). */
  pollMs: number;
}

/** The push service's origin only: the rest of an endpoint is a capability, kept out of the logs. */
const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "invalid";
  }
};

/**
 * The worker of the push outbox, one per instance (the email queue's pattern, decision 0016):
 * claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, so a push goes out once however
 * many instances run; one whose worker died is taken again when its lease runs out. At sending
 * time a push is skipped while its person has a page open and visible.
 */
export class PushQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly deps: PushQueueDeps) {}

  start() {
    this.stopped = false;
    this.kick();
    if (this.deps.pollMs > 0) this.timer = setInterval(() => this.kick(), this.deps.pollMs);
  }

  /** Sends what is due, without waiting: after a push was queued. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.deps.log.error({ err: error }, "push queue round failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once the current round (if any) is over; tests wait on it. */
  async idle() {
    while (this.running) await this.running;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  /** Claims and sends batches until nothing is due. Answers how many were delivered. */
  async drain(): Promise<number> {
    const { db } = this.deps;
    await dropStale(db);
    let delivered = 0;
    for (;;) {
      const claimed = await claimDue(db, BATCH, LEASE_MS);
      const visible = new Map<string, Promise<boolean>>();
      const visibleNow = (userId: string) => {
        if (!visible.has(userId))
          visible.set(
            userId,
            this.deps.isVisible(userId).catch(() => false),
          );
        return visible.get(userId)!;
      };
      const results = await Promise.all(claimed.map(async (row) => ((await visibleNow(row.userId)) ? this.skip(row) : this.deliver(row))));
      delivered += results.filter(Boolean).length;
      if (claimed.length < BATCH || this.stopped) return delivered;
    }
  }

  /** The person is looking at the site: the page shows it already. */
  private async skip(row: OutboxRow) {
    await removeFromOutbox(this.deps.db, [row.id]);
    this.deps.log.debug({ pushId: row.id, kind: row.kind }, "push skipped: a page of the user is visible");
    return false;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const { db, log } = this.deps;
    const subscription = await subscriptionById(db, row.subscriptionId);
    if (!subscription) {
      await removeFromOutbox(db, [row.id]);
      return false;
    }
    const kind = row.kind as PushKind;
    const expiresIn = Math.max(0, Math.floor((row.expiresAt.getTime() - Date.now()) / 1000));
    const outcome = await sendPush(subscription, row.payload, this.deps.keys, this.deps.subject, {
      ...PUSH_OPTIONS[kind],
      ttlSeconds: expiresIn,
      ...(row.payload.tag && { topic: topicOf(row.payload.tag) }),
    });
    const service = originOf(subscription.endpoint);
    if (outcome.result === "delivered") {
      await markDelivered(db, subscription.id);
      await removeFromOutbox(db, [row.id]);
      log.info({ pushId: row.id, kind, service }, "push sent");
      return true;
    }
    if (outcome.result === "gone") {
      // Its waiting pushes go with it (on delete cascade).
      await deleteSubscription(db, subscription.id);
      log.info({ subscriptionId: subscription.id, status: outcome.status, service }, "push subscription gone: removed");
      return false;
    }
    const giveUp = row.attempts >= MAX_PUSH_ATTEMPTS;
    if (giveUp) await removeFromOutbox(db, [row.id]);
    else await retryLater(db, row.id, outcome.retryAfterMs ?? RETRY_MS * 2 ** (row.attempts - 1), outcome.reason);
    log.warn({ pushId: row.id, kind, service, status: outcome.status, attempts: row.attempts, giveUp, err: outcome.reason }, "push not sent");
    return false;
  }
}

/** A push service's Topic: base64url, 32 characters at most; a newer push of the topic replaces a waiting one. */
export function topicOf(tag: string) {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}
