import { manilaInstant } from "@vam/shared";
import type { Db } from "../db/client.js";
import { type PlatformIdentity, statementPdf, type StatementPdfData } from "../receipts/public.js";
import { lineDescription } from "./describe.js";
import { payableAccount, payableBalanceBefore, payableLines } from "./repository.js";

/** "2026-11": a month as the statement's address writes it (this millennium's: nothing was earned before). */
export const STATEMENT_MONTH = /^(2\d{3})-(0[1-9]|1[0-2])$/;

/** The month's first instant in Manila and the next month's: [from, to). */
export function monthRange(month: string): { from: Date; to: Date } {
  const match = STATEMENT_MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month (yyyy-MM): ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const next = index === 11 ? `${year + 1}-01` : `${year}-${String(index + 2).padStart(2, "0")}`;
  return { from: manilaInstant(`${month}-01`, "00:00"), to: manilaInstant(`${next}-01`, "00:00") };
}

/** Payout entries on the PAYABLE account: a batch takes the balance out, a failure puts it back. */
const PAYOUT_KINDS = new Set(["PAYOUT_BATCHED", "PAYOUT_FAILED"]);

/**
 * A payee's statement of one month, from their PAYABLE account: the balance before the month's
 * first instant in Manila, the month's lines oldest first (earned positive, paid out negative),
 * the closing balance, and the month's totals.
 *
 * "Paid out" counts payouts when they were batched (when they left the balance), less any that
 * failed and came back that month, not when an operator marked them sent: the statement is the
 * balance's story, so opening + earned - paid out = closing, always. A payout batched on the
 * 30th and marked sent on the 2nd is paid out in the first month (its line says whether it was
 * sent since). "Earned" is every other line (bookings completed, late-cancellation fees, referral
 * rewards), after the platform's fee; "Platform fee" is the fee those same entries took.
 */
export async function statementData(
  db: Db,
  { platform, payee, month, now }: { platform: PlatformIdentity; payee: { id: string; name: string; email: string }; month: string; now: Date },
): Promise<StatementPdfData> {
  const { from, to } = monthRange(month);
  const account = await payableAccount(db, payee.id);
  const opening = account ? await payableBalanceBefore(db, account.id, from) : 0;
  const lines = account ? await payableLines(db, account.id, { from, to, order: "asc" }) : [];
  let earned = 0;
  let fees = 0;
  let paidOut = 0;
  for (const line of lines) {
    if (PAYOUT_KINDS.has(line.kind)) paidOut -= line.amountCentavos;
    else earned += line.amountCentavos;
    fees += line.feeCentavos;
  }
  return {
    platform,
    payee: { name: payee.name, email: payee.email },
    month,
    generatedAt: now,
    openingCentavos: opening,
    lines: lines.map((line) => ({ at: line.postedAt, description: lineDescription(line, { withState: true }), amountCentavos: line.amountCentavos })),
    closingCentavos: opening + earned - paidOut,
    totals: { earnedCentavos: earned, feesCentavos: fees, paidOutCentavos: paidOut },
  };
}

/** The statement's PDF and its file name ("statement-2026-11.pdf"). */
export async function statementDocument(db: Db, input: Parameters<typeof statementData>[1]) {
  return { fileName: `statement-${input.month}.pdf`, bytes: await statementPdf(await statementData(db, input)) };
}
