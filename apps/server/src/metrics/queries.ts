import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.js";
import { bookings, emailOutbox } from "../db/schema.js";

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
