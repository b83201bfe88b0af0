import { eq, sql } from "drizzle-orm";
import type { PayoutAccountData } from "@vam/shared";
import type { Db } from "../db/client.js";
import { payoutAccounts } from "../db/schema.js";

/**
 * The payout accounts' SQL (decisions.md, "Cancelling, refunds, fees and payouts"): one row per
 * user, where their earnings, referral rewards and refunds are sent. Routes and other features
 * (through public.ts) call these.
 */
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The user's payout account, or undefined when none was set. */
export async function payoutAccountOf(db: Db, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/**
 * Sets the user's payout account to `input` in one statement. Only a real change writes, and a
 * write sets `changed_at` to `now`, which holds the user's next payout PAYOUT_ACCOUNT_HOLD_HOURS
 * (payoutHeldUntil). The first account ever set is held too: an account someone took over must
 * not be able to send the money it is owed somewhere else at once, with no time for its owner to
 * read the email and react. Saving the same details again writes nothing (no new hold, no email):
 * `changed` is false. Two saves at once are ordered by the row's lock; the second compares with
 * what the first wrote.
 */
export async function savePayoutAccount(
  db: Db,
  userId: string,
  input: PayoutAccountData,
  now: Date,
): Promise<{ row: PayoutAccountRow; changed: boolean }> {
  const values = {
    userId,
    method: input.method,
    bankName: input.method === "BANK" ? input.bankName : null,
    accountName: input.accountName,
    accountNumber: input.accountNumber,
    changedAt: now,
  };
  const [written] = await db
    .insert(payoutAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: {
        method: sql`excluded.method`,
        bankName: sql`excluded.bank_name`,
        accountName: sql`excluded.account_name`,
        accountNumber: sql`excluded.account_number`,
        changedAt: sql`excluded.changed_at`,
      },
      setWhere: sql`(${payoutAccounts.method}, ${payoutAccounts.bankName}, ${payoutAccounts.accountName}, ${payoutAccounts.accountNumber})
        is distinct from (excluded.method, excluded.bank_name, excluded.account_name, excluded.account_number)`,
    })
    .returning();
  if (written) return { row: written, changed: true };
  const current = await payoutAccountOf(db, userId);
  return { row: current!, changed: false };
}

/** Deletes the user's payout account (the account is being deleted). */
export async function deletePayoutAccount(db: Db, userId: string) {
  await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}
