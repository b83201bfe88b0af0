import type { LucideIcon } from "lucide-react";
import BadgeCheck from "lucide-react/icons/badge-check";
import { PaymentWarning } from "../bookings/public";

/** Tells the Assistant, next to Accept, whether the platform has verified the client's payment yet. */
export function AcceptPaymentNote({ paid }: { paid: boolean }) {
  return paid ? (
    <p className="flex items-start gap-2 text-sm text-emerald-200">
      <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-300" />
      The platform has verified the client's payment.
    </p>
  ) : (
    <PaymentWarning>
      The platform has not verified this payment yet. You can accept now; the booking can be completed once it is verified.
    </PaymentWarning>
  );
}

export function Fact({ icon: Icon, label, value, wide = false }: { icon: LucideIcon; label: string; value: string; wide?: boolean }) {
  // A group of a <dl> may only hold its <dt> and <dd>: the icon sits inside the <dt>, drawn beside both.
  return (
    <div className={`relative pl-[1.625rem] ${wide ? "col-span-2" : ""}`}>
      <dt className="text-xs text-slate-400">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-teal-400" />
        {label}
      </dt>
      <dd className="font-medium text-slate-100">{value}</dd>
    </div>
  );
}
