import { MSG, formatLongDate, formatPeso, formatTime } from "@vam/shared";
import type { PaymentFor } from "../bookings-data";
import { addHours } from "../dates";
import type { DateTime } from "../picker-availability";
import type { Shown } from "../shown-answer";

interface PaymentStepProps {
  slot: DateTime;
  /** Every date to book: one, or the dates of a weekly series. */
  dates: string[];
  duration: number;
  name: string;
  /** Pesos per date. */
  price: number;
  total: number;
  /** The QR code and reference of this duration, as they load. */
  payment: Shown<PaymentFor>;
  /** Why the server refused the booking (the slot was just taken...). */
  conflict: string | null;
  /** A series refused: its dates that are taken, which the client may leave out. */
  takenDates: string[];
  submitting: boolean;
  onConfirm: () => void;
  onDropTaken: () => void;
  onChooseAnother: () => void;
}

/** Step 3 of booking: the summary (every date of a series with its price), the QR code to pay, and the confirmation. */
export function PaymentStep(props: PaymentStepProps) {
  const { slot, dates, duration, name, price, total, payment, conflict, takenDates, submitting, onConfirm, onDropTaken, onChooseAnother } = props;
  const series = dates.length > 1;
  // A series can go on without its taken dates while at least two are left.
  const canDrop = series && takenDates.length > 0 && dates.length - takenDates.length >= 2;
  return (
    <section className="card space-y-5 p-5">
      <h2 tabIndex={-1} className="text-xl font-semibold text-white">
        Review and Payment
      </h2>
      <dl className="space-y-1 text-sm">
        {[
          ...(series ? [] : [["Date", formatLongDate(slot.date)]]),
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

      {series && (
        <div className="space-y-2">
          <h3 className="font-semibold text-white">{dates.length} weekly dates</h3>
          <ul aria-label="Dates of the series" className="divide-y divide-slate-800 rounded-lg border border-slate-700 text-sm">
            {dates.map((date) => (
              <li key={date} className="flex justify-between gap-4 px-3 py-2">
                <span className={takenDates.includes(date) ? "text-rose-300 line-through" : "text-white"}>{formatLongDate(date)}</span>
                <span className="text-slate-300">{formatPeso(price)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

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
          <div className="flex flex-wrap gap-2">
            {canDrop && (
              <button type="button" className="btn-primary" disabled={submitting} onClick={onDropTaken}>
                {MSG.seriesDropTaken(takenDates.length)}
              </button>
            )}
            <button type="button" className="btn-secondary" onClick={onChooseAnother}>
              Choose another time
            </button>
          </div>
        </div>
      )}

      <button type="button" className="btn-primary w-full" disabled={submitting} onClick={onConfirm}>
        {submitting ? "Confirming..." : "Confirm booking (I have paid)"}
      </button>
    </section>
  );
}
