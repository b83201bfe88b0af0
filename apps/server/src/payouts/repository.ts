import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PayoutDestination, PayoutKind, PayoutLineState, PayoutLineView, RefundReason } from "@vam/shared";
import type { Db } from "../db/client.js";
import { journalLines, ledgerAccounts, payments, payoutAccounts, payoutBatches, payoutLines, refunds, users } from "../db/schema.js";

/**
 * The payouts' SQL (decisions.md, "Cancelling, refunds, fees and payouts"): the balances and
 * refunds a batch would pay, batches and their lines, and a line's decision. The operations
 * (batches.ts) and the routes call these; balances themselves come from the journal's lines.
 */

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** Any fixed numbers: one payout batch run at a time, one refund batch run at a time, across every instance. */
const BATCH_LOCKS: Record<PayoutKind, number> = { PAYOUT: 0x5041_5942, REFUND: 0x5246_4e42 }; // "PAYB", "RFNB"

/** Serializes batch runs of `kind` until the transaction ends (every instance shares the database's lock). */
export async function lockBatchRuns(tx: Db, kind: PayoutKind) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCKS[kind]})`);
}

const fullName = (person: { firstName: string | null; lastName: string | null } | null) =>
  person?.firstName ? `${person.firstName} ${person.lastName ?? ""}`.trim() : null;

/** A PAYABLE account with money in it, and what decides whether a batch pays it now. */
export interface PayableBalance {
  accountId: string;
  ownerId: string | null;
  name: string;
  /** The balance, owed to the payee (positive), summed from the journal's lines. */
  amountCentavos: number;
  /** The owner's payout account; null when none, or the owner is gone. */
  payoutAccount: PayoutAccountRow | null;
  /** A line of an earlier batch is still waiting to be marked: the balance waits for it. */
  pending: boolean;
}

/**
 * Every PAYABLE account whose balance is above zero, read in one statement (one snapshot): its
 * balance, its owner's payout account, and whether a PENDING line already sends from it. A batch
 * run reads it under its lock, and pays exactly these amounts.
 */
export async function payableBalances(db: Db): Promise<PayableBalance[]> {
  const rows = await db
    .select({
      accountId: ledgerAccounts.id,
      ownerId: ledgerAccounts.ownerId,
      accountName: ledgerAccounts.name,
      owner: { firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt },
      payoutAccount: payoutAccounts,
      owed: sql<string>`-sum(${journalLines.amountCentavos})`,
      pending: sql<boolean>`exists (select 1 from ${payoutLines} where ${payoutLines.accountId} = ${ledgerAccounts.id} and ${payoutLines.state} = 'PENDING')`,
    })
    .from(ledgerAccounts)
    .innerJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .leftJoin(users, eq(users.id, ledgerAccounts.ownerId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, ledgerAccounts.ownerId))
    .where(eq(ledgerAccounts.kind, "PAYABLE"))
    .groupBy(ledgerAccounts.id, users.id, payoutAccounts.userId)
    .having(sql`sum(${journalLines.amountCentavos}) < 0`)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(ledgerAccounts.id));
  return rows.map((row) => ({
    accountId: row.accountId,
    ownerId: row.ownerId,
    name: fullName(row.owner) ?? row.accountName,
    amountCentavos: Number(row.owed),
    payoutAccount: row.owner && !row.owner.deletedAt ? row.payoutAccount : null,
    pending: Boolean(row.pending),
  }));
}

/** A refund owed and not yet in a batch, and what decides whether a batch sends it now. */
export interface DueRefund {
  refundId: string;
  clientId: string | null;
  name: string;
  amountCentavos: number;
  /** The client's REFUNDS_DUE ledger account, the money's source (null only if it was never posted). */
  accountId: string | null;
  payoutAccount: PayoutAccountRow | null;
}

/** Every refund in state DUE, oldest first, with its client's refund (payout) account. */
export async function dueRefunds(db: Db): Promise<DueRefund[]> {
  const rows = await db
    .select({
      refund: { id: refunds.id, clientId: refunds.clientId, amountCentavos: refunds.amountCentavos },
      client: { firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt },
      accountId: ledgerAccounts.id,
      accountName: ledgerAccounts.name,
      payoutAccount: payoutAccounts,
    })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.clientId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, refunds.clientId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.code, sql`'refunds-due:' || ${refunds.clientId}`))
    .where(eq(refunds.state, "DUE"))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map((row) => ({
    refundId: row.refund.id,
    clientId: row.refund.clientId,
    name: fullName(row.client) ?? row.accountName ?? "A former user",
    amountCentavos: row.refund.amountCentavos,
    accountId: row.accountId,
    payoutAccount: row.client && !row.client.deletedAt ? row.payoutAccount : null,
  }));
}

export async function insertBatch(tx: Db, batch: { kind: PayoutKind; createdBy: string; createdAt: Date }): Promise<PayoutBatchRow> {
  const [row] = await tx.insert(payoutBatches).values(batch).returning();
  return row!;
}

export type NewPayoutLine = Pick<typeof payoutLines.$inferInsert, "batchId" | "kind" | "payeeId" | "accountId" | "refundId" | "amountCentavos"> & {
  destination: PayoutDestination;
};

/** The lines of a new batch, PENDING, in one statement. */
export async function insertLines(tx: Db, lines: NewPayoutLine[]): Promise<PayoutLineRow[]> {
  if (lines.length === 0) return [];
  return tx.insert(payoutLines).values(lines).returning();
}

/** Refunds put in a batch: DUE to SENDING; answers the ids that were still DUE. */
export async function markRefundsSending(tx: Db, refundIds: string[]): Promise<Set<string>> {
  if (refundIds.length === 0) return new Set();
  const rows = await tx
    .update(refunds)
    .set({ state: "SENDING" })
    .where(and(inArray(refunds.id, refundIds), eq(refunds.state, "DUE")))
    .returning({ id: refunds.id });
  return new Set(rows.map((row) => row.id));
}

/** A refund's transfer marked: SENT (with when), or back to DUE after a failed transfer. */
export async function setRefundState(tx: Db, refundId: string, state: "SENT" | "DUE", sentAt: Date | null) {
  await tx.update(refunds).set({ state, sentAt }).where(eq(refunds.id, refundId));
}

/** A line, locked until the transaction ends when `lock` (two operators marking it queue on the row). */
export async function lineById(db: Db, id: string, { lock = false }: { lock?: boolean } = {}): Promise<PayoutLineRow | undefined> {
  const query = db.select().from(payoutLines).where(eq(payoutLines.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** A line marked SENT or FAILED. */
export async function decideLine(
  tx: Db,
  id: string,
  decision: {
    state: Exclude<PayoutLineState, "PENDING">;
    transferReference: string | null;
    failureReason: string | null;
    decidedBy: string;
    decidedAt: Date;
  },
): Promise<PayoutLineRow> {
  const [row] = await tx.update(payoutLines).set(decision).where(eq(payoutLines.id, id)).returning();
  return row!;
}

export async function batchById(db: Db, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  return row;
}

const creators = alias(users, "creator");
const payees = alias(users, "payee");

export interface BatchSummary {
  id: string;
  number: number;
  kind: PayoutKind;
  createdAt: string;
  createdBy: string | null;
  totalCentavos: number;
  counts: { pending: number; sent: number; failed: number };
}

/** Batches of `kind` (all of them, or the one `id`), newest first, with their totals and counts by state. */
export async function batchSummaries(db: Db, filter: { kind?: PayoutKind; id?: string; limit?: number }): Promise<BatchSummary[]> {
  const count = (state: PayoutLineState) => sql<number>`(count(${payoutLines.id}) filter (where ${payoutLines.state} = ${state}))::int`;
  const rows = await db
    .select({
      batch: payoutBatches,
      creator: { firstName: creators.firstName, lastName: creators.lastName },
      total: sql<string>`coalesce(sum(${payoutLines.amountCentavos}), 0)`,
      pending: count("PENDING"),
      sent: count("SENT"),
      failed: count("FAILED"),
    })
    .from(payoutBatches)
    .leftJoin(payoutLines, eq(payoutLines.batchId, payoutBatches.id))
    .leftJoin(creators, eq(creators.id, payoutBatches.createdBy))
    .where(and(filter.kind ? eq(payoutBatches.kind, filter.kind) : undefined, filter.id ? eq(payoutBatches.id, filter.id) : undefined))
    .groupBy(payoutBatches.id, creators.id)
    .orderBy(desc(payoutBatches.number))
    .limit(filter.limit ?? 100);
  return rows.map((row) => ({
    id: row.batch.id,
    number: row.batch.number,
    kind: row.batch.kind,
    createdAt: row.batch.createdAt.toISOString(),
    createdBy: fullName(row.creator),
    totalCentavos: Number(row.total),
    counts: { pending: Number(row.pending), sent: Number(row.sent), failed: Number(row.failed) },
  }));
}

/** A line as the console and the bank file show it: the payee, and for a refund why and which payment. */
export interface LineWithParties extends PayoutLineView {
  batchId: string;
  accountId: string;
}

/**
 * The lines of a batch (or the one line `lineId`) in their batch's order: by payee name, then id.
 * The console's list and the bank file's "Line" numbers follow this one order.
 */
export async function linesWithParties(db: Db, filter: { batchId?: string; lineId?: string }): Promise<LineWithParties[]> {
  const rows = await db
    .select({
      line: payoutLines,
      payee: { firstName: payees.firstName, lastName: payees.lastName, email: payees.email },
      accountName: ledgerAccounts.name,
      refund: { reason: refunds.reason },
      paymentReference: payments.reference,
    })
    .from(payoutLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, payoutLines.accountId))
    .leftJoin(payees, eq(payees.id, payoutLines.payeeId))
    .leftJoin(refunds, eq(refunds.id, payoutLines.refundId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(filter.batchId ? eq(payoutLines.batchId, filter.batchId) : undefined, filter.lineId ? eq(payoutLines.id, filter.lineId) : undefined))
    .orderBy(asc(payees.lastName), asc(payees.firstName), asc(payoutLines.id));
  return rows.map(({ line, payee, accountName, refund, paymentReference }) => ({
    id: line.id,
    batchId: line.batchId,
    accountId: line.accountId,
    kind: line.kind,
    payee: { id: line.payeeId, name: fullName(payee) ?? accountName, email: payee?.email ?? null },
    amountCentavos: line.amountCentavos,
    destination: line.destination as PayoutDestination,
    state: line.state,
    transferReference: line.transferReference,
    failureReason: line.failureReason,
    decidedAt: line.decidedAt?.toISOString() ?? null,
    refund: refund ? { reason: refund.reason as RefundReason, paymentReference } : null,
  }));
}

/** A person to notify of their payout or refund: gone or unknown answers undefined. */
export async function payeeOf(db: Db, userId: string | null) {
  if (!userId) return undefined;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.deletedAt ? row : undefined;
}

/** One ledger account's debits and credits (positive numbers) and the raw sum of its lines. */
export async function accountTotals(db: Db, accountId: string) {
  const [row] = await db
    .select({
      sum: sql<string>`coalesce(sum(${journalLines.amountCentavos}), 0)`,
      debits: sql<string>`coalesce(sum(${journalLines.amountCentavos}) filter (where ${journalLines.amountCentavos} > 0), 0)`,
      credits: sql<string>`coalesce(-sum(${journalLines.amountCentavos}) filter (where ${journalLines.amountCentavos} < 0), 0)`,
    })
    .from(journalLines)
    .where(eq(journalLines.accountId, accountId));
  return { sum: Number(row?.sum ?? 0), debits: Number(row?.debits ?? 0), credits: Number(row?.credits ?? 0) };
}
