import { PAYOUT_ACCOUNT_HOLD_HOURS, PAYOUT_METHOD_LABELS, payoutHoldEndText } from "@vam/shared";
import { type OutgoingEmail, renderEmail } from "../email/public.js";
import type { PayoutAccountRow } from "./repository.js";
import { lastFour } from "./view.js";

/** The outbox kind of the email: a security notice, always sent (it is no EMAIL_KINDS kind that can be switched off). */
export const PAYOUT_ACCOUNT_EMAIL_KIND = "payoutAccount";

/**
 * "Your payout account was changed": to the account's own address, whatever its email settings,
 * so that its owner learns of a change they did not make while the hold still keeps the money.
 * Only the last 4 digits of the number are written (an email is no safe place for the rest).
 */
export function payoutAccountChangedEmail(
  base: string,
  user: { id: string; firstName: string; email: string },
  account: PayoutAccountRow,
  heldUntil: Date,
): OutgoingEmail {
  const when = payoutHoldEndText(heldUntil);
  return {
    userId: user.id,
    to: user.email,
    kind: PAYOUT_ACCOUNT_EMAIL_KIND,
    ...renderEmail({
      subject: "Your payout account was changed",
      greeting: `Hi ${user.firstName},`,
      paragraphs: [
        "The payout account of your VA Marketplace account was changed. Your earnings, referral rewards and refunds are sent there.",
        `To keep your money safe, your next payout waits ${PAYOUT_ACCOUNT_HOLD_HOURS} hours, until ${when} (Manila time).`,
        "If this wasn't you, change your password and contact us.",
      ],
      details: [
        ["Method", PAYOUT_METHOD_LABELS[account.method]],
        ...(account.bankName ? ([["Bank", account.bankName]] as [string, string][]) : []),
        ["Account name", account.accountName],
        ["Account number", `ending ${lastFour(account.accountNumber)}`],
      ],
      action: { label: "See my payout account", url: `${base}/settings` },
      footer: ["You get this email whenever your payout account changes. It cannot be switched off."],
    }),
  };
}
