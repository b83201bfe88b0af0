import { PAYOUT_ACCOUNT_HOLD_HOURS, type PayoutAccountView } from "@vam/shared";
import type { PayoutAccountRow } from "./repository.js";

/** When payouts to the account may start again after its last change; null when they already may. */
export function payoutHeldUntil(row: Pick<PayoutAccountRow, "changedAt">, now: Date): Date | null {
  const until = new Date(row.changedAt.getTime() + PAYOUT_ACCOUNT_HOLD_HOURS * 3600_000);
  return until > now ? until : null;
}

/** The last 4 digits of the account number: all that is shown of it outside the operator's bank file. */
export const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/** The account as its owner sees it (never the whole number). */
export function payoutAccountView(row: PayoutAccountRow, now: Date): PayoutAccountView {
  return {
    method: row.method,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberLast4: lastFour(row.accountNumber),
    changedAt: row.changedAt.toISOString(),
    heldUntil: payoutHeldUntil(row, now)?.toISOString() ?? null,
  };
}

/**
 * Where a payout or refund is sent, in full (the operator's bank file and the payout line's
 * `destination`): never shown to anyone but the operator making the transfer.
 */
export function payoutDestination(row: PayoutAccountRow) {
  return { method: row.method, bankName: row.bankName, accountName: row.accountName, accountNumber: row.accountNumber };
}
export type PayoutDestination = ReturnType<typeof payoutDestination>;
