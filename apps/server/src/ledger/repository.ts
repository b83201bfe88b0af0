import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { DEBIT_NORMAL_KINDS, type JournalKind, type LedgerAccountKind } from "@vam/shared";
import type { Db } from "../db/client.js";
import { journalEntries, journalLines, ledgerAccounts, users } from "../db/schema.js";

/**
 * The ledger's SQL (decision 0020): accounts, balanced journal entries, and balances that are
 * only ever sums of lines. Debits are positive, credits negative, all in integer centavos.
 */

/** The platform's own accounts, created by migration 0013. */
export const PLATFORM_ACCOUNTS = {
  cash: "cash",
  held: "held",
  fees: "fees",
  rewards: "rewards",
  payoutsInTransit: "payouts-in-transit",
  refundsInTransit: "refunds-in-transit",
} as const;
export type PlatformAccount = keyof typeof PLATFORM_ACCOUNTS;

/** A person's own account: what the platform owes them as a payee, or as a client owed a refund. */
export type PersonalKind = Extract<LedgerAccountKind, "PAYABLE" | "REFUNDS_DUE">;
const PERSONAL_PREFIX: Record<PersonalKind, string> = { PAYABLE: "payable:", REFUNDS_DUE: "refunds-due:" };
const PERSONAL_NAME: Record<PersonalKind, string> = { PAYABLE: "Payable to", REFUNDS_DUE: "Refunds due to" };

/** An account a line posts to: one of the platform's, or a person's. */
export type AccountRef = PlatformAccount | { kind: PersonalKind; userId: string };

export const personalCode = (kind: PersonalKind, userId: string) => PERSONAL_PREFIX[kind] + userId;
const codeOf = (ref: AccountRef) => (typeof ref === "string" ? PLATFORM_ACCOUNTS[ref] : personalCode(ref.kind, ref.userId));

/** The accounts' ids by code, creating a person's account the first time money is posted to it. */
async function accountIds(tx: Db, refs: AccountRef[]): Promise<Map<string, string>> {
  const codes = [...new Set(refs.map(codeOf))];
  const personal = refs.filter((ref): ref is Exclude<AccountRef, PlatformAccount> => typeof ref !== "string");
  if (personal.length > 0) {
    const owners = await tx
      .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(users)
      .where(
        inArray(
          users.id,
          personal.map((ref) => ref.userId),
        ),
      );
    const names = new Map(owners.map((owner) => [owner.id, owner.name]));
    await tx
      .insert(ledgerAccounts)
      .values(
        personal.map((ref) => ({
          code: personalCode(ref.kind, ref.userId),
          kind: ref.kind,
          ownerId: ref.userId,
          name: `${PERSONAL_NAME[ref.kind]} ${names.get(ref.userId) ?? "a former user"}`,
        })),
      )
      .onConflictDoNothing({ target: ledgerAccounts.code });
  }
  const rows = await tx.select({ id: ledgerAccounts.id, code: ledgerAccounts.code }).from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

export interface EntryLine {
  account: AccountRef;
  /** Debit positive, credit negative; a zero line is left out. */
  amount: number;
}

export interface NewEntry {
  kind: JournalKind;
  /** The economic event, once: "completed:<booking id>". A second post of the same key does nothing. */
  eventKey: string;
  memo: string;
  at: Date;
  bookingId?: string | null;
  paymentId?: string | null;
  refundId?: string | null;
  payoutLineId?: string | null;
  actorId?: string | null;
  lines: EntryLine[];
}

export class UnbalancedEntryError extends Error {}

/**
 * Posts one balanced entry in the caller's transaction; answers its id, or null when the event
 * was already posted (by this request or a racing one: the unique event key decides). The
 * database checks the balance again at commit (a deferred constraint trigger).
 */
export async function postEntry(tx: Db, entry: NewEntry): Promise<string | null> {
  const lines = entry.lines.filter((line) => line.amount !== 0);
  for (const line of lines) if (!Number.isSafeInteger(line.amount)) throw new UnbalancedEntryError(`Not whole centavos: ${line.amount}`);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (lines.length < 2 || total !== 0)
    throw new UnbalancedEntryError(`Entry ${entry.eventKey} does not balance: ${total} centavos over ${lines.length} lines`);
  const [posted] = await tx
    .insert(journalEntries)
    .values({
      kind: entry.kind,
      eventKey: entry.eventKey,
      memo: entry.memo,
      postedAt: entry.at,
      bookingId: entry.bookingId ?? null,
      paymentId: entry.paymentId ?? null,
      refundId: entry.refundId ?? null,
      payoutLineId: entry.payoutLineId ?? null,
      actorId: entry.actorId ?? null,
    })
    .onConflictDoNothing({ target: journalEntries.eventKey })
    .returning({ id: journalEntries.id });
  if (!posted) return null;
  const ids = await accountIds(
    tx,
    lines.map((line) => line.account),
  );
  await tx
    .insert(journalLines)
    .values(lines.map((line) => ({ entryId: posted.id, accountId: ids.get(codeOf(line.account))!, amountCentavos: line.amount })));
  return posted.id;
}

/** Whether an event was posted (and so is final). */
export async function isPosted(db: Db, eventKey: string) {
  const [row] = await db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries.eventKey, eventKey));
  return row !== undefined;
}

/** The sign that shows an account's balance as a positive number when it is normal (owed, held, earned). */
export const normalSign = (kind: LedgerAccountKind) => (DEBIT_NORMAL_KINDS.includes(kind) ? 1 : -1);

/** A sum of lines in the account's normal direction (never -0). */
const normal = (kind: LedgerAccountKind, sum: string | number) => normalSign(kind) * Number(sum) || 0;

/** An account's balance in its normal direction (what a payee is owed is positive), from its lines. */
export async function balanceOf(db: Db, ref: AccountRef): Promise<number> {
  const [row] = await db
    .select({ kind: ledgerAccounts.kind, sum: sql<string>`coalesce(sum(${journalLines.amountCentavos}), 0)` })
    .from(ledgerAccounts)
    .leftJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.code, codeOf(ref)))
    .groupBy(ledgerAccounts.id);
  return row ? normal(row.kind, row.sum) : 0;
}

export interface AccountBalance {
  id: string;
  code: string;
  kind: LedgerAccountKind;
  name: string;
  ownerId: string | null;
  /** In the account's normal direction. */
  balance: number;
  debits: number;
  credits: number;
}

/**
 * Every account with its debits, credits and balance: the trial balance (debits equal credits
 * when every entry balanced). `kind` narrows it, `nonZero` leaves out settled accounts.
 */
export async function accountBalances(
  db: Db,
  filter: { kind?: LedgerAccountKind; ownerId?: string; nonZero?: boolean } = {},
): Promise<AccountBalance[]> {
  const sum = sql<string>`coalesce(sum(${journalLines.amountCentavos}), 0)`;
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      kind: ledgerAccounts.kind,
      name: ledgerAccounts.name,
      ownerId: ledgerAccounts.ownerId,
      sum,
      debits: sql<string>`coalesce(sum(${journalLines.amountCentavos}) filter (where ${journalLines.amountCentavos} > 0), 0)`,
      credits: sql<string>`coalesce(-sum(${journalLines.amountCentavos}) filter (where ${journalLines.amountCentavos} < 0), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .where(
      and(filter.kind ? eq(ledgerAccounts.kind, filter.kind) : undefined, filter.ownerId ? eq(ledgerAccounts.ownerId, filter.ownerId) : undefined),
    )
    .groupBy(ledgerAccounts.id)
    .having(filter.nonZero ? sql`${sum} <> 0` : undefined)
    .orderBy(asc(ledgerAccounts.kind), asc(ledgerAccounts.name));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.name,
    ownerId: row.ownerId,
    balance: normal(row.kind, row.sum),
    debits: Number(row.debits),
    credits: Number(row.credits),
  }));
}

export async function accountByCode(db: Db, code: string) {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row;
}

export async function accountById(db: Db, id: string) {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return row;
}

export interface HistoryLine {
  entryId: string;
  number: number;
  kind: JournalKind;
  memo: string;
  postedAt: Date;
  bookingId: string | null;
  paymentId: string | null;
  refundId: string | null;
  payoutLineId: string | null;
  /** Debit positive, credit negative. */
  amount: number;
}

/** An account's lines, newest first, optionally within [from, to). */
export async function accountHistory(
  db: Db,
  accountId: string,
  range: { from?: Date; to?: Date; limit?: number; offset?: number } = {},
): Promise<HistoryLine[]> {
  const rows = await db
    .select({
      entryId: journalEntries.id,
      number: journalEntries.number,
      kind: journalEntries.kind,
      memo: journalEntries.memo,
      postedAt: journalEntries.postedAt,
      bookingId: journalEntries.bookingId,
      paymentId: journalEntries.paymentId,
      refundId: journalEntries.refundId,
      payoutLineId: journalEntries.payoutLineId,
      amount: journalLines.amountCentavos,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(journalLines.accountId, accountId),
        range.from ? gte(journalEntries.postedAt, range.from) : undefined,
        range.to ? lt(journalEntries.postedAt, range.to) : undefined,
      ),
    )
    .orderBy(desc(journalEntries.number))
    .limit(range.limit ?? 1000)
    .offset(range.offset ?? 0);
  return rows;
}

/** An account's balance (normal direction) before an instant: a statement's opening balance. */
export async function balanceBefore(db: Db, accountId: string, kind: LedgerAccountKind, before: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${journalLines.amountCentavos}), 0)` })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(and(eq(journalLines.accountId, accountId), lt(journalEntries.postedAt, before)));
  return normal(kind, row?.sum ?? 0);
}

export interface JournalRow {
  number: number;
  postedAt: Date;
  kind: JournalKind;
  memo: string;
  eventKey: string;
  accountCode: string;
  accountName: string;
  amount: number;
}

/** The journal line by line in posting order, for the accountant's CSV; `after` pages by entry number. */
export async function journalRows(db: Db, range: { from?: Date; to?: Date; afterNumber?: number; limit: number }): Promise<JournalRow[]> {
  return db
    .select({
      number: journalEntries.number,
      postedAt: journalEntries.postedAt,
      kind: journalEntries.kind,
      memo: journalEntries.memo,
      eventKey: journalEntries.eventKey,
      accountCode: ledgerAccounts.code,
      accountName: ledgerAccounts.name,
      amount: journalLines.amountCentavos,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(
      and(
        range.from ? gte(journalEntries.postedAt, range.from) : undefined,
        range.to ? lt(journalEntries.postedAt, range.to) : undefined,
        range.afterNumber !== undefined ? sql`${journalEntries.number} > ${range.afterNumber}` : undefined,
      ),
    )
    .orderBy(asc(journalEntries.number), asc(journalLines.amountCentavos))
    .limit(range.limit);
}

/** Referral rewards credited to a person, in centavos: the sum of their reward lines. */
export async function rewardsEarned(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(-sum(${journalLines.amountCentavos}), 0)` })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(ledgerAccounts.code, personalCode("PAYABLE", userId)), eq(journalEntries.kind, "REFERRAL_REWARD")));
  return Number(row?.sum ?? 0);
}
