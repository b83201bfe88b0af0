import { PAYMENT_AGE_FILTERS, formatPeso, type AdminPayment, type PaymentAgeFilter, type PaymentDecision } from "@vam/shared";
import Check from "lucide-react/icons/check";
import Clock from "lucide-react/icons/clock";
import X from "lucide-react/icons/x";
import { Suspense, useId, useState } from "react";
import { Await, Link, useLoaderData, useSearchParams } from "react-router";
import { useTimeZone } from "../auth/public";
import { AdminConfirm } from "./AdminConfirm";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminSearchForm } from "./AdminSearchForm";
import { BookingHours } from "./BookingHours";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { DataTable, type Column } from "./DataTable";
import { PersonCell } from "./PersonCell";
import { bookingHours, formatAge, formatDay, personName } from "./admin-format";
import type { adminPaymentsLoader } from "./admin-loaders";
import { withParams } from "./admin-params";
import { useActionFetcher } from "../../lib/useActionFetcher";

/** A weekly series is one payment: "Weekly, 4 dates". */
const weeklyDates = (dates: number) => `Weekly, ${dates} dates`;

/** Waiting this long or more is flagged. */
const LATE_HOURS = 12;

const COLUMNS: Column<AdminPayment>[] = [
  { header: "Reference", cell: (payment) => <span className="font-mono">{payment.reference}</span>, className: "whitespace-nowrap" },
  {
    header: "Amount",
    cell: (payment) => (
      <span className="flex flex-col">
        <span>{formatPeso(payment.amount)}</span>
        {payment.seriesDates !== null && <span className="text-xs text-slate-400">{weeklyDates(payment.seriesDates)}</span>}
      </span>
    ),
    className: "whitespace-nowrap",
  },
  { header: "Client", cell: (payment) => <PersonCell person={payment.client} /> },
  { header: "Assistant", cell: (payment) => <PersonCell person={payment.assistant} /> },
  {
    header: "Booking date",
    cell: (payment) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{formatDay(payment.date)}</span>
        <BookingHours booking={payment} />
      </span>
    ),
  },
  {
    header: "Age",
    cell: (payment) =>
      payment.ageHours >= LATE_HOURS ? (
        <span className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-amber-300">
          <Clock aria-hidden="true" className="size-3.5" />
          {formatAge(payment.ageHours)}
        </span>
      ) : (
        <span className="whitespace-nowrap">{formatAge(payment.ageHours)}</span>
      ),
  },
];

interface Pending {
  payment: AdminPayment;
  status: PaymentDecision;
}

export default function AdminPaymentsPage() {
  const { age, q, payments } = useLoaderData<typeof adminPaymentsLoader>();
  const [pending, setPending] = useState<Pending | null>(null);
  // The route's adminPaymentAction decides it; the dialog closes when it worked.
  const { submit, busy, done, error, reset } = useActionFetcher();
  // Decided here: gone from the list at once, before the list is loaded again.
  const decided = done && pending ? pending.payment.id : null;
  const filtered = age !== "all" || q !== undefined;

  const open = (payment: AdminPayment, status: PaymentDecision) => {
    reset();
    setPending({ payment, status });
  };
  const confirm = () => {
    if (!pending) return;
    void submit({ bookingId: pending.payment.id, status: pending.status });
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Payments" description="Bookings whose payment waits for verification, oldest first." />
      <AdminSearchForm name="Payment filters" label="Search by reference" placeholder="VA-7KQ2MX, client or assistant" value={q}>
        <AgeSelect value={age} />
      </AdminSearchForm>

      <Suspense key={`${age}|${q ?? ""}`} fallback={<AdminLoading />}>
        <Await resolve={payments} errorElement={<AdminLoadFailed />}>
          {(loaded: AdminPayment[]) => {
            const shown = loaded.filter((payment) => payment.id !== decided);
            if (shown.length === 0) {
              return (
                <AdminEmpty
                  action={
                    filtered && (
                      <Link to="/admin/payments" className="link">
                        Show payments of any age
                      </Link>
                    )
                  }
                >
                  {filtered ? "No payments waiting for verification match this search" : "No payments waiting for verification"}
                </AdminEmpty>
              );
            }
            return (
              <div className="space-y-3">
                <p className="text-sm text-slate-400" aria-live="polite">
                  {shown.length === 1 ? "1 payment waiting" : `${shown.length} payments waiting`}
                </p>
                <DataTable
                  caption="Payments to verify"
                  rows={shown}
                  rowKey={(payment) => payment.id}
                  columns={COLUMNS}
                  stackActions
                  actions={(payment) => (
                    <>
                      <button type="button" className="btn-primary px-3 py-2 whitespace-nowrap" onClick={() => open(payment, "PAID")}>
                        <Check aria-hidden="true" className="size-4" />
                        Mark received
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-2 whitespace-nowrap text-rose-200 hover:text-rose-100"
                        onClick={() => open(payment, "REJECTED")}
                      >
                        <X aria-hidden="true" className="size-4" />
                        Mark not received
                      </button>
                    </>
                  )}
                />
              </div>
            );
          }}
        </Await>
      </Suspense>

      <AdminConfirm
        open={pending !== null && !done}
        title={pending?.status === "REJECTED" ? "Mark payment not received?" : "Mark payment received?"}
        confirmLabel={pending?.status === "REJECTED" ? "Mark not received" : "Mark received"}
        tone={pending?.status === "REJECTED" ? "danger" : "primary"}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending && <PaymentSummary payment={pending.payment} status={pending.status} />}
      </AdminConfirm>
    </div>
  );
}

function PaymentSummary({ payment, status }: Pending) {
  const zone = useTimeZone();
  return (
    <>
      <p>
        <strong className="font-mono text-white">{payment.reference}</strong>: {formatPeso(payment.amount)} from{" "}
        <strong className="text-white">{personName(payment.client)}</strong> (@{payment.client.username}) for {personName(payment.assistant)}, booked
        for {formatDay(payment.date)}, {bookingHours(payment, zone)}
        {payment.seriesDates !== null && <> ({weeklyDates(payment.seriesDates).toLowerCase()}, from that date on)</>}.
      </p>
      {status === "PAID" ? (
        <p>
          Mark it received once the money is in the platform's account.{" "}
          {payment.seriesDates !== null ? "Every date's payment" : "The booking's payment"} then shows as Paid.
        </p>
      ) : (
        <p>
          {payment.seriesDates !== null ? "Every date of the series" : "The booking"} will be cancelled and both the client and the assistant will be
          notified.
        </p>
      )}
    </>
  );
}

function AgeSelect({ value }: { value: PaymentAgeFilter }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = useId();
  return (
    <div className="space-y-1.5 sm:w-48">
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        Age
      </label>
      <select id={id} value={value} onChange={(event) => setSearchParams(withParams(searchParams, { age: event.target.value }))} className="input">
        {PAYMENT_AGE_FILTERS.map((filter) => (
          <option key={filter.value} value={filter.value}>
            {filter.label}
          </option>
        ))}
      </select>
    </div>
  );
}
