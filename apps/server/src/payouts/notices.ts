import { formatCentavos, MSG, type PayoutDestination, type PayoutKind, payoutDestinationText } from "@vam/shared";
import { type OutgoingEmail, renderEmail } from "../email/public.js";

/** The outbox kind of a payout's or refund's notice: about the person's own money, always sent (no EMAIL_KINDS switch). */
export const PAYOUT_EMAIL_KIND = "payout";

/** What a payee reads of a transfer marked by an operator. */
export interface TransferOutcome {
  kind: PayoutKind;
  amountCentavos: number;
  destination: PayoutDestination;
  outcome: { state: "SENT"; transferReference: string } | { state: "FAILED"; failureReason: string };
}

/** "GCash ending 4567", "BDO Unibank ending 6789": where the money went, never the whole number. */

/** The notification's (and the email's) title: "Payout sent", "Refund failed"... */
export function transferTitle({ kind, outcome }: Pick<TransferOutcome, "kind" | "outcome">) {
  return MSG.notificationTitle.transfer(kind, outcome.state === "SENT");
}

/** The notification's text: the amount, where it went (last 4 digits) and the transfer's reference, or why it failed. */
export function transferText({ kind, amountCentavos, destination, outcome }: TransferOutcome) {
  const amount = formatCentavos(amountCentavos);
  const where = payoutDestinationText(destination);
  const what = kind === "REFUND" ? "refund" : "payout";
  if (outcome.state === "SENT") {
    return `Your ${what} of ${amount} was sent to ${where}. Transfer reference: ${outcome.transferReference}.`;
  }
  const next =
    kind === "REFUND"
      ? "It is owed to you still and goes out in the next refund batch: check your refund account in Settings (Payout account)."
      : "The money is back in your balance and goes out in the next payout: check your payout account in Settings.";
  // The operator's words, without a full stop of their own before ours.
  return `Your ${what} of ${amount} to ${where} could not be sent: ${outcome.failureReason.replace(/[.!\s]+$/, "")}. ${next}`;
}

/** The same news by email, to the person's own address. */
export function transferEmail(base: string, user: { id: string; firstName: string; email: string }, transfer: TransferOutcome): OutgoingEmail {
  const sent = transfer.outcome.state === "SENT";
  return {
    userId: user.id,
    to: user.email,
    kind: PAYOUT_EMAIL_KIND,
    ...renderEmail({
      subject: transferTitle(transfer),
      greeting: `Hi ${user.firstName},`,
      paragraphs: [transferText(transfer)],
      details: [
        ["Amount", formatCentavos(transfer.amountCentavos)],
        ["Sent to", payoutDestinationText(transfer.destination)],
        transfer.outcome.state === "SENT" ? ["Transfer reference", transfer.outcome.transferReference] : ["Why", transfer.outcome.failureReason],
      ],
      ...(sent ? {} : { action: { label: "Check my payout account", url: `${base}/settings` } }),
      footer: ["You get this email whenever money is sent to you from VA Marketplace, or could not be. It cannot be switched off."],
    }),
  };
}
