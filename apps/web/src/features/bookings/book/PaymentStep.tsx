import { MSG, formatCentavos, formatLongDate, formatPeso, formatTime, type PaymentDetails } from "@vam/shared";
import type { ReactNode } from "react";
import { BothClocks } from "../BothClocks";
import type { PaymentFor } from "../bookings-data";
import { addHours } from "../dates";
import { slotSpan, type DateTime } from "../picker-availability";
import type { Shown } from "../shown-answer";
import { UnpaidCap } from "./UnpaidCap";

interface PaymentStepProps {
  slot: DateTime;
  /** The client's zone: the time, and each date of a series, give their own time beside Manila's where it differs. */
  zone?: string | null;
  /** Every date to book: one, or the dates of a weekly series. */
  dates: string[];
  duration: number;
  name: string;
  /** Pesos per date. */
  price: number;
  total: number;
  /** The QR code and reference of this duration, as they load. */
  payment: Shown<PaymentFor>;
  /** Why no payment can be opened now (the unpaid cap), or null. */
  paymentRefusal: string | null;
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
  const {
    slot,
    zone,
    dates,
    duration,
    name,
    price,
    total,
    payment,
    paymentRefusal,
    conflict,
    takenDates,
    submitting,
    onConfirm,
    onDropTaken,
    onChooseAnother,
  } = props;
  const series = dates.length > 1;
  // A series can go on without its taken dates while at least two are left.
  const canDrop = series && takenDates.length > 0 && dates.length - takenDates.length >= 2;
  const span = slotSpan(slot.date, slot.time, duration);
  const rows: [string, ReactNode][] = [
    ...(series ? [] : [["Date", formatLongDate(slot.date)] as [string, ReactNode]]),
    [
      "Time",
      <BothClocks
        manila={`${formatTime(slot.time)} to ${formatTime(addHours(slot.time, duration))}`}
        start={span.start}
        end={span.end}
        zone={zone}
        stacked
      />,
    ],
    ["Duration", `${duration} hours`],
    ["Assistant", name],
    ["Total Amount", formatPeso(total)],
  ];
  return (
    <section className="card space-y-5 p-5">
      <h2 tabIndex={-1} className="text-xl font-semibold text-white">
        Review and Payment
      </h2>
      <dl className="space-y-1 text-sm">
        {rows.map(([term, value]) => (
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
                <span className={`min-w-0 ${takenDates.includes(date) ? "text-rose-300 line-through" : "text-white"}`}>
                  <BothClocks manila={formatLongDate(date)} {...slotSpan(date, slot.time, duration)} zone={zone} stacked />
                </span>
                <span className="text-slate-300">{formatPeso(price)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="space-y-3 rounded-lg border border-slate-700 p-4">
        <h3 className="font-semibold text-white">{MSG.paymentStepTitle}</h3>
        <p className="text-sm text-slate-300">{MSG.paymentStepHow}</p>
        {paymentRefusal && <UnpaidCap message={paymentRefusal} />}
        {payment.state === "failed" && !paymentRefusal && <p className="text-sm text-rose-400">{MSG.paymentDetailsFailed}</p>}
        {(payment.state === "loading" || payment.state === "idle") && !paymentRefusal && (
          <p role="status" className="text-sm text-slate-400">
            Loading payment details...
          </p>
        )}
        {payment.state === "ready" && <PaymentCode details={payment.data.details} />}
        <p className="text-sm text-slate-300">{MSG.paymentNextSteps(name)}</p>
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

      <button type="button" className="btn-primary w-full" disabled={submitting || payment.state !== "ready"} onClick={onConfirm}>
        {submitting ? "Confirming..." : MSG.paymentIHavePaid}
      </button>
    </section>
  );
}

/** The payment's own QR Ph code, and what the banking app will show the client before they confirm. */
function PaymentCode({ details }: { details: PaymentDetails }) {
  const amount = formatCentavos(details.amountCentavos);
  return (
    <div className="space-y-3">
      {details.demo && (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm font-semibold text-amber-200">{MSG.qrphDemoLabel}</p>
      )}
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(details.qrSvg)}`}
          alt={`QR Ph code to pay ${amount} with reference ${details.reference}`}
          className="size-56 rounded bg-white p-2"
        />
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-slate-400">Account name</dt>
            <dd className="text-white">{details.accountName}</dd>
          </div>
          {details.payee.bankName && (
            <div>
              <dt className="text-slate-400">Bank or wallet</dt>
              <dd className="text-white">
                {details.payee.bankName}
                {details.payee.accountLast4 && ` (account ending ${details.payee.accountLast4})`}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-slate-400">Amount</dt>
            <dd className="text-lg font-semibold text-white">{amount}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Reference</dt>
            <dd className="font-mono text-lg font-semibold text-white select-all">{details.reference}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
