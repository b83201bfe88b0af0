import { formatCentavos, type Earnings } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import BanknoteCheck from "lucide-react/icons/banknote-check";
import Hourglass from "lucide-react/icons/hourglass";
import Send from "lucide-react/icons/send";
import Wallet from "lucide-react/icons/wallet";
import type { ReactNode } from "react";
import { bookingStart } from "./earnings-format";

/**
 * The four figures of the balance, each with what it means: pending (paid bookings to come, with
 * the list of them), available (paid out in the next payout at the minimum), being sent, paid out.
 */
export function EarningsFigures({ earnings }: { earnings: Earnings }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Figure icon={Hourglass} label="Pending" amount={earnings.pendingCentavos} explanation="Paid bookings not completed yet">
        {earnings.pending.length > 0 && (
          <dd className="mt-3 border-t border-slate-800 pt-3">
            <ul aria-label="Pending bookings" className="space-y-1.5 text-sm">
              {earnings.pending.map((booking) => (
                <li key={booking.bookingId} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 text-slate-300">
                    {bookingStart(booking.startsAt)}
                    <span className="text-slate-400"> · {booking.clientName}</span>
                  </span>
                  <span className="font-medium whitespace-nowrap text-slate-100">{formatCentavos(booking.amountCentavos)}</span>
                </li>
              ))}
            </ul>
          </dd>
        )}
      </Figure>
      <Figure
        icon={Wallet}
        label="Available"
        amount={earnings.availableCentavos}
        explanation={`Paid out in the next payout when at least ${formatCentavos(earnings.payoutMinimumCentavos)}`}
        strong
      />
      <Figure icon={Send} label="Being sent" amount={earnings.sendingCentavos} explanation="In a payout on its way to your account" />
      <Figure icon={BanknoteCheck} label="Paid out" amount={earnings.paidOutCentavos} explanation="Sent to your payout account so far" />
    </dl>
  );
}

interface FigureProps {
  icon: LucideIcon;
  label: string;
  amount: number;
  explanation: string;
  /** The figure that matters most (available): drawn in the accent. */
  strong?: boolean;
  children?: ReactNode;
}

function Figure({ icon: Icon, label, amount, explanation, strong = false, children }: FigureProps) {
  return (
    // A group of a <dl>: the name, then the amount and what it means (and the pending list) as its values.
    <div className={`card p-5 ${strong ? "border-teal-500/40" : ""}`}>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-300">
        <span className={`grid size-8 place-items-center rounded-full ${strong ? "bg-teal-500/20 text-teal-300" : "bg-slate-800 text-slate-300"}`}>
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd className={`mt-2 text-3xl font-bold tracking-tight ${strong ? "text-teal-300" : "text-white"}`}>{formatCentavos(amount)}</dd>
      <dd className="mt-1 text-sm text-slate-400">{explanation}</dd>
      {children}
    </div>
  );
}
