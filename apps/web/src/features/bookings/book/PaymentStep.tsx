import { formatLongDate, formatPeso, formatTime } from "@vam/shared";
import type { PaymentFor } from "../bookings-data";
import { addHours } from "../dates";
import type { DateTime } from "../picker-availability";
import type { Shown } from "../shown-answer";

interface PaymentStepProps {
  slot: DateTime;
  duration: number;
  name: string;
  total: number;
  /** The QR code and reference of this duration, as they load. */
  payment: Shown<PaymentFor>;
  /** Why the server refused the booking (the slot was just taken...). */
  conflict: string | null;
  submitting: boolean;
  onConfirm: () => void;
  onChooseAnother: () => void;
}

/** Step 3 of booking: the summary, the QR code to pay, and the confirmation. */
export function PaymentStep({ slot, duration, name, total, payment, conflict, submitting, onConfirm, onChooseAnother }: PaymentStepProps) {
  return (
    <section className="card space-y-5 p-5">
      <h2 tabIndex={-1} className="text-xl font-semibold text-white">
        Review and Payment
      </h2>
      <dl className="space-y-1 text-sm">
        {[
          ["Date", formatLongDate(slot.date)],
          ["Time", `${formatTime(slot.time)} to ${formatTime(addHours(slot.time, duration))}`],
          ["Duration", `${duration} hours`],
          ["Assistant", name],
          ["Total Amount", formatPeso(total)],
        ].map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-slate-400">{term}</dt>
            <dd className="text-right text-white">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="space-y-3 rounded-lg border border-slate-700 p-4">
        <h3 className="font-semibold text-white">Scan QR Code to Pay PS: STILL UNDER DEVELOPMENT.</h3>
        <p className="text-sm text-slate-400">
          Scan the QR code with GCash or another payment app, then click the button below to finalize your booking.
        </p>
        {payment.state === "failed" && <p className="text-sm text-rose-400">Could not load the payment details.</p>}
        {(payment.state === "loading" || payment.state === "idle") && (
          <p role="status" className="text-sm text-slate-400">
            Loading payment details...
          </p>
        )}
        {payment.state === "ready" && (
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(payment.data.details.qrSvg)}`}
              alt="Payment QR code"
              className="size-48 rounded bg-white p-2"
            />
            <dl className="space-y-1 text-sm">
              <div>
                <dt className="text-slate-400">Account name</dt>
                <dd className="text-white">{payment.data.details.accountName}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Amount</dt>
                <dd className="text-white">{formatPeso(payment.data.details.amount)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Reference</dt>
                <dd className="text-white">{payment.data.details.reference}</dd>
              </div>
            </dl>
          </div>
        )}
      </div>

      {conflict && (
        <div role="alert" className="space-y-2 rounded-lg border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-300">
          <p>{conflict}</p>
          <button type="button" className="btn-secondary" onClick={onChooseAnother}>
            Choose another time
          </button>
        </div>
      )}

      <button type="button" className="btn-primary w-full" disabled={submitting} onClick={onConfirm}>
        {submitting ? "Confirming..." : "Confirm booking (I have paid)"}
      </button>
    </section>
  );
}
