import { sql } from "drizzle-orm";
import { PAYOUT_KINDS, type PayoutKind } from "@vam/shared";
import { queryRows, type Db } from "../db/client.js";
import { bookings, emailOutbox, payoutBatches, payoutLines } from "../db/schema.js";

export interface EmailQueueState {
  /** Messages neither sent nor given up (due now or waiting for a retry). */
  waiting: number;
  /** How long the oldest due message has waited past its due time, in seconds; 0 when none is due. */
  lagSeconds: number;
}

/** By the database's clock, the one the queue's workers use. */
export async function emailQueueState(db: Db): Promise<EmailQueueState> {
  const [row] = await queryRows<{ waiting: number; lag: number | null }>(
    db,
    sql`select count(*)::int as waiting,
        extract(epoch from now() - min(${emailOutbox.nextAttemptAt}) filter (where ${emailOutbox.nextAttemptAt} <= now()))::float8 as lag
      from ${emailOutbox}
      where ${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null`,
  );
  return { waiting: Number(row?.waiting ?? 0), lagSeconds: Math.max(0, Number(row?.lag ?? 0)) };
}

/**
 * How overdue the sweep's oldest work is, in seconds, at `now` (the app's clock, the one the
 * sweep uses): a PENDING booking is due to expire at the earlier of its payment deadline (created
 * + `paymentWindowMs`, while unverified) and its start. 0 when nothing is due.
 */
export async function sweepLagSeconds(db: Db, now: Date, paymentWindowMs: number): Promise<number> {
  // Two minimums, each read from its partial index, instead of one over every pending row.
  const [row] = await queryRows<{ unpaid: number | null; starts: number | null }>(
    db,
    sql`select
        (select extract(epoch from min(${bookings.createdAt}))::float8 from ${bookings}
          where ${bookings.status} = 'PENDING' and ${bookings.paymentStatus} = 'UNVERIFIED') as unpaid,
        (select extract(epoch from min(${bookings.startsAt}))::float8 from ${bookings}
          where ${bookings.status} = 'PENDING') as starts`,
  );
  const deadlines = [
    ...(row?.unpaid == null ? [] : [Number(row.unpaid) + paymentWindowMs / 1000]),
    ...(row?.starts == null ? [] : [Number(row.starts)]),
  ];
  if (deadlines.length === 0) return 0;
  return Math.max(0, now.getTime() / 1000 - Math.min(...deadlines));
}

export interface PaymentsWaitingState {
  /** Payments an operator has yet to mark received or not (a weekly series is one). */
  waiting: number;
  /** How long the oldest of them has waited since "I have paid", in seconds; 0 when none waits. */
  oldestSeconds: number;
}

/**
 * The console's "Payments" list in two figures, at `now` (the app's clock, the one bookings are
 * made with): bookings still open (PENDING or CONFIRMED) whose payment is UNVERIFIED, read from
 * their partial index (`bookings_unverified_created_idx`). A booking is made when the client
 * says "I have paid", so its creation is when the payment started to wait.
 */
export async function paymentsWaitingState(db: Db, now: Date): Promise<PaymentsWaitingState> {
  const [row] = await queryRows<{ waiting: number; oldest: number | null }>(
    db,
    sql`select count(distinct ${bookings.paymentId})::int as waiting, extract(epoch from min(${bookings.createdAt}))::float8 as oldest
      from ${bookings}
      where ${bookings.paymentStatus} = 'UNVERIFIED' and ${bookings.status} in ('PENDING', 'CONFIRMED')`,
  );
  const oldest = row?.oldest == null ? undefined : Number(row.oldest);
  return { waiting: Number(row?.waiting ?? 0), oldestSeconds: oldest === undefined ? 0 : Math.max(0, now.getTime() / 1000 - oldest) };
}

export interface UnsentPayoutState {
  /** Lines of a batch not yet marked sent or failed. */
  lines: number;
  /** How long ago the batch of the oldest such line was run, in seconds; 0 when none. */
  oldestSeconds: number;
}

/**
 * Payout and refund batches not finished, by kind, at `now` (the app's clock, the one batches are
 * run with): their PENDING lines (a line is marked SENT or FAILED by an operator), and the age of
 * the oldest batch that still has one. Every kind is answered, 0 when nothing waits.
 */
export async function unsentPayoutState(db: Db, now: Date): Promise<Record<PayoutKind, UnsentPayoutState>> {
  const rows = await queryRows<{ kind: PayoutKind; lines: number; oldest: number | null }>(
    db,
    sql`select ${payoutLines.kind} as kind, count(*)::int as lines, extract(epoch from min(${payoutBatches.createdAt}))::float8 as oldest
      from ${payoutLines} join ${payoutBatches} on ${payoutBatches.id} = ${payoutLines.batchId}
      where ${payoutLines.state} = 'PENDING'
      group by ${payoutLines.kind}`,
  );
  const state = Object.fromEntries(PAYOUT_KINDS.map((kind) => [kind, { lines: 0, oldestSeconds: 0 }])) as Record<PayoutKind, UnsentPayoutState>;
  for (const row of rows) {
    const oldest = row.oldest == null ? undefined : Number(row.oldest);
    state[row.kind] = { lines: Number(row.lines), oldestSeconds: oldest === undefined ? 0 : Math.max(0, now.getTime() / 1000 - oldest) };
  }
  return state;
}
