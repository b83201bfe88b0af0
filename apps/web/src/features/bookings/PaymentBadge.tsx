import { MSG, type PaymentStatus } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import BadgeCheck from "lucide-react/icons/badge-check";
import CircleX from "lucide-react/icons/circle-x";
import Hourglass from "lucide-react/icons/hourglass";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import type { ReactNode } from "react";

const LOOK: Record<PaymentStatus, { icon: LucideIcon; className: string }> = {
  UNVERIFIED: { icon: Hourglass, className: "bg-amber-500/10 text-amber-200 ring-amber-500/40" },
  PAID: { icon: BadgeCheck, className: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/40" },
  REJECTED: { icon: CircleX, className: "bg-rose-500/15 text-rose-300 ring-rose-500/40" },
};

/** A booking's payment: "Paid", "Payment not verified" or "Payment not received", each with its own icon. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const { icon: Icon, className } = LOOK[status];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${className}`}>
      <Icon aria-hidden="true" className="size-3.5" />
      {MSG.paymentLabel[status]}
    </span>
  );
}

/** The reference the client writes on the transfer, so the platform can match the payment to the booking. */
export function PaymentReference({ reference }: { reference: string }) {
  return (
    <p className="text-xs text-slate-400">
      Payment reference: <span className="font-mono text-sm font-semibold whitespace-nowrap text-slate-100 select-all">{reference}</span> (write it on
      your transfer)
    </p>
  );
}

/** A short amber note about a payment that is not verified yet. */
export function PaymentWarning({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <span>{children}</span>
    </p>
  );
}
