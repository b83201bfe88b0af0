import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { emailOutbox } from "../db/schema.js";
import { SMTP_TIMEOUT_MS, type Mailer } from "./mailer.js";

/** Messages claimed per round trip. */
const BATCH = 10;
/** A claim lasts this long: longer than one SMTP conversation may take (SMTP_TIMEOUT_MS), so a live worker never loses its message to another. */
const LEASE_MS = 4 * SMTP_TIMEOUT_MS;
/** After this many failed attempts a message is given up (failed_at), with its last error kept. */
export const MAX_ATTEMPTS = 8;

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The worker of the durable email queue, one per instance. Every instance claims due messages
 * with `FOR UPDATE SKIP LOCKED` and a lease (`claimed_until`), sends them, then marks them sent:
 * a message goes out once however many instances run, and one whose worker died is taken again
 * when its lease runs out. A failure waits `retryMs`, then twice that, and so on. Times are the
 * database's, the one clock all instances share.
 */
export class EmailQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs: number; retryMs: number },
  ) {}

  start() {
    this.stopped = false;
    this.kick();
    if (this.options.pollMs > 0) this.timer = setInterval(() => this.kick(), this.options.pollMs);
  }

  /** Sends what is due soon, without waiting: after a commit that queued email. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, "email queue round failed"))
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
    this.mailer.close();
  }

  /** Claims and sends batches until nothing is due. Answers how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) if (await this.deliver(row)) sent += 1;
      if (claimed.length < BATCH || this.stopped) return sent;
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const due = sql`select ${emailOutbox.id} from ${emailOutbox}
      where ${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null and ${emailOutbox.nextAttemptAt} <= now()
        and (${emailOutbox.claimedUntil} is null or ${emailOutbox.claimedUntil} < now())
      order by ${emailOutbox.nextAttemptAt} limit ${BATCH} for update skip locked`;
    return this.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(sql`${emailOutbox.id} in (${due})`)
      .returning();
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      await this.mailer.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: row.attachments,
        headers: row.headers,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const waitMs = this.options.retryMs * 2 ** (row.attempts - 1);
      await this.db
        .update(emailOutbox)
        .set({
          claimedUntil: null,
          lastError: message.slice(0, 1000),
          ...(giveUp ? { failedAt: sql`now()` } : { nextAttemptAt: sql`now() + ${`${waitMs} milliseconds`}::interval` }),
        })
        .where(eq(emailOutbox.id, row.id));
      // SMTP refusals often quote the recipient: the log gets the reason without the address (decision 0002).
      const reason = message.replace(/[^\s<>"'@]+@[^\s<>"']+/g, "[address]");
      this.log.warn({ emailId: row.id, kind: row.kind, attempts: row.attempts, giveUp, err: reason }, "email not sent");
      return false;
    }
    await this.db
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    this.log.info({ emailId: row.id, kind: row.kind }, "email sent");
    return true;
  }
}
