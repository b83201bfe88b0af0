import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";
import { journalEntries, journalLines, ledgerAccounts, payoutAccounts } from "../../src/db/schema.js";
import { balanceOf, postEntry, type AccountRef } from "../../src/ledger/public.js";

/** Payouts as the tests set them up and read them back from the journal. */

const HOUR = 3600_000;

/** A payout account saved more than 24 hours ago: no longer on hold. */
export async function ageAccount(db: Db, userId: string, hours = 25) {
  await db
    .update(payoutAccounts)
    .set({ changedAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(payoutAccounts.userId, userId));
}

/**
 * Money owed to a payee, to the centavo, without a booking: an opening balance (cash in, owed to
 * them). For amounts a booking cannot make (one centavo under the minimum).
 */
export async function credit(db: Db, userId: string, centavos: number, kind: "PAYABLE" | "REFUNDS_DUE" = "PAYABLE") {
  await db.transaction((tx) =>
    postEntry(tx, {
      kind: "OPENING_BALANCE",
      eventKey: `test-opening:${randomUUID()}`,
      memo: "Opening balance (test)",
      at: new Date(),
      lines: [
        { account: "cash", amount: centavos },
        { account: { kind, userId }, amount: -centavos },
      ],
    }),
  );
}

/** An entry's lines by account code (debit positive), read back from the journal; undefined when not posted. */
export async function entryLines(db: Db, eventKey: string): Promise<{ kind: string; lines: Record<string, number> } | undefined> {
  const rows = await db
    .select({ kind: journalEntries.kind, code: ledgerAccounts.code, amount: journalLines.amountCentavos })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(eq(journalEntries.eventKey, eventKey));
  if (rows.length === 0) return undefined;
  return { kind: rows[0]!.kind, lines: Object.fromEntries(rows.map((row) => [row.code, row.amount])) };
}

/** How many entries an event key prefix has (e.g. every "payout-sent:<line>"). */
export async function entriesLike(db: Db, prefix: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(sql`${journalEntries.eventKey} like ${`${prefix}%`}`);
  return row!.n;
}

export const payable = (userId: string): AccountRef => ({ kind: "PAYABLE", userId });
export const refundsDue = (userId: string): AccountRef => ({ kind: "REFUNDS_DUE", userId });
/** A balance in its normal direction (+ 0: a settled credit-normal account reads 0, not -0). */
export const balance = async (db: Db, ref: AccountRef) => (await balanceOf(db, ref)) + 0;
