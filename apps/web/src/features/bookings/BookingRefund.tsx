import { MSG, formatCentavos, formatLongDate, manilaDate, type BookingParty, type BookingRefund as Refund } from "@vam/shared";
import Undo2 from "lucide-react/icons/undo-2";
import { Link } from "react-router";
import { pageHref, SETTINGS_PAGE } from "../../lib/page-routes";

interface BookingRefundProps {
  refund: Refund;
  /** Whose card it is: only the client is asked for the account the refund goes to. */
  party: BookingParty;
  /** Whether the client has a payout account (where refunds go); undefined or null: not known, nothing asked. */
  refundAccount?: boolean | null;
  className?: string;
}

/**
 * A cancelled paid booking's refund (decisions.md, "Cancelling, refunds, fees and payouts"):
 * "Refund ₱2,500: due", "being sent" or "sent on ..."; why; the late-cancellation fee the
 * assistant kept, if any; and, for a client whose refund is due and who has no payout account
 * yet, the way to add one in Settings.
 */
export function BookingRefund({ refund, party, refundAccount, className = "" }: BookingRefundProps) {
  const amount = formatCentavos(refund.amountCentavos);
  const line =
    refund.state === "SENT" && refund.sentAt
      ? MSG.refundLineSent(amount, formatLongDate(manilaDate(new Date(refund.sentAt))))
      : MSG.refundLine(amount, MSG.refundStateLabel[refund.state]);
  return (
    <div className={`space-y-1 rounded-lg border border-slate-700 bg-slate-800/50 px-3 py-2 text-sm ${className}`}>
      <p className="flex items-start gap-2 font-medium text-slate-100">
        <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-300" />
        <span>{line}</span>
      </p>
      <p className="text-slate-400">{MSG.refundReasonLabel[refund.reason]}</p>
      {refund.lateFeeCentavos > 0 && <p className="text-slate-300">{MSG.refundLateFee(formatCentavos(refund.lateFeeCentavos))}</p>}
      {party === "client" && refund.state === "DUE" && refundAccount === false && (
        <p className="text-amber-100">
          {MSG.refundNeedsAccount}{" "}
          <Link to={pageHref(SETTINGS_PAGE, {})} className="link font-medium">
            {MSG.refundAddAccount}
          </Link>
        </p>
      )}
    </div>
  );
}
