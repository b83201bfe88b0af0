import type { Earnings, PayoutAccountView } from "@vam/shared";
import { api } from "../../api/client";
import { saveFile } from "../../lib/save-file";

/** `GET /earnings`: the four figures, the account's lines, the months with a statement. */
export const fetchEarnings = () => api.get<Earnings>("/earnings");

/** `GET /account/payout-account`: where payouts go (last 4 digits only), or null until set. */
export const fetchPayoutAccount = async () => (await api.get<{ payoutAccount: PayoutAccountView | null }>("/account/payout-account")).payoutAccount;

/** Saves the month's statement (PDF) under the server's name ("statement-2026-11.pdf"). */
export async function downloadStatement(month: string) {
  const { blob, fileName } = await api.file(`/earnings/statements/${month}`);
  saveFile(blob, fileName ?? `statement-${month}.pdf`);
}
