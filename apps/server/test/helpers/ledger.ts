import { asc, eq, gt, sql } from "drizzle-orm";
import type { JournalKind } from "@vam/shared";
import type { Db } from "../../src/db/client.js";
import { journalEntries, journalLines, ledgerAccounts, payoutLines, refunds } from "../../src/db/schema.js";

/**
 * The journal as the tests read it (decision 0020): entries with their lines per account code,
 * user ids in the codes replaced by role names ("payable:assistant") so that a case's expected
 * entries read as the rule says them.
 */

/** An entry as a test expects it: its kind, and per account code the signed amount (debit positive). */
export interface PostedEntry {
  kind: JournalKind;
  lines: Record<string, number>;
  /** The booking it is of, by the case's name for it (when the case names its bookings). */
  booking?: string;
}

/** The number of the last entry posted so far: `entriesSince` reads what comes after it. */
export async function journalMark(db: Db): Promise<number> {
  const [row] = await db.select({ last: sql<number>`coalesce(max(${journalEntries.number}), 0)`.mapWith(Number) }).from(journalEntries);
  return row!.last;
}

export interface EntryScope {
  /** Names of users (id → "client") and of bookings (id → "date 2"), used in the answer. */
  names: Record<string, string>;
  /**
   * Only entries of these bookings or payments, or with a line on an account of one of these
   * users, or of a payout line or refund to one of them (a payout sent); other tests' entries on
   * the same database are left out.
   */
  bookingIds?: string[];
  paymentIds?: string[];
  userIds?: string[];
}

/** The entries posted after `mark` within `scope`, in posting order, as `PostedEntry`s. */
export async function entriesSince(db: Db, mark: number, scope: EntryScope): Promise<PostedEntry[]> {
  const rows = await db
    .select({
      entryId: journalEntries.id,
      number: journalEntries.number,
      kind: journalEntries.kind,
      bookingId: journalEntries.bookingId,
      paymentId: journalEntries.paymentId,
      code: ledgerAccounts.code,
      ownerId: ledgerAccounts.ownerId,
      payeeId: payoutLines.payeeId,
      refundClientId: refunds.clientId,
      amount: journalLines.amountCentavos,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .leftJoin(payoutLines, eq(payoutLines.id, journalEntries.payoutLineId))
    .leftJoin(refunds, eq(refunds.id, journalEntries.refundId))
    .where(gt(journalEntries.number, mark))
    .orderBy(asc(journalEntries.number), asc(ledgerAccounts.code));
  const bookings = new Set(scope.bookingIds ?? []);
  const payments = new Set(scope.paymentIds ?? []);
  const users = new Set(scope.userIds ?? []);
  const inScope = new Set(
    rows
      .filter(
        (row) =>
          (row.bookingId && bookings.has(row.bookingId)) ||
          (row.paymentId && payments.has(row.paymentId)) ||
          [row.ownerId, row.payeeId, row.refundClientId].some((user) => user && users.has(user)),
      )
      .map((row) => row.entryId),
  );
  const entries = new Map<string, PostedEntry>();
  for (const row of rows) {
    if (!inScope.has(row.entryId)) continue;
    let entry = entries.get(row.entryId);
    if (!entry) {
      entry = { kind: row.kind, lines: {} };
      const booking = row.bookingId ? scope.names[row.bookingId] : undefined;
      if (booking) entry.booking = booking;
      entries.set(row.entryId, entry);
    }
    const code = readableCode(row.code, scope.names);
    entry.lines[code] = (entry.lines[code] ?? 0) + row.amount;
  }
  return [...entries.values()];
}

/** "payable:<uuid>" → "payable:assistant" when the id has a name; platform codes stay. */
export function readableCode(code: string, names: Record<string, string>): string {
  const colon = code.indexOf(":");
  if (colon < 0) return code;
  const id = code.slice(colon + 1);
  return `${code.slice(0, colon + 1)}${names[id] ?? id}`;
}

/**
 * Every entry's lines summed, and its number of lines (what the database's trigger checks at
 * commit); only the entries posted after `mark` when given. An entry without lines counts 0 lines.
 */
export async function entryTotals(db: Db, mark = 0) {
  return db
    .select({
      entryId: journalEntries.id,
      total: sql<string>`coalesce(sum(${journalLines.amountCentavos}), 0)`.mapWith(Number),
      lines: sql<number>`count(${journalLines.id})::int`,
    })
    .from(journalEntries)
    .leftJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .where(gt(journalEntries.number, mark))
    .groupBy(journalEntries.id);
}

/** Each account's sum of lines (debit positive), computed here from the lines themselves. */
export async function rawAccountSums(db: Db): Promise<Map<string, number>> {
  const lines = await db
    .select({ code: ledgerAccounts.code, amount: journalLines.amountCentavos })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId));
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.code, (sums.get(line.code) ?? 0) + line.amount);
  return sums;
}
