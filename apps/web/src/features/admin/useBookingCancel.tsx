import { formatPeso, operatorCancelSchema, type AdminBooking } from "@vam/shared";
import CalendarX from "lucide-react/icons/calendar-x";
import { useId, useState } from "react";
import { TextAreaField } from "../../components/form/TextAreaField";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useTimeZone } from "../auth/public";
import { AdminFormDialog } from "./AdminFormDialog";
import type { BookingCancelChange } from "./admin-actions";
import { bookingHours, formatDay, personName } from "./admin-format";

/** Only a pending or confirmed booking can still be cancelled (the server refuses the rest). */
export const canCancel = (booking: AdminBooking) => booking.status === "PENDING" || booking.status === "CONFIRMED";

/**
 * "Cancel booking" for an operator, on a user's page (its route has `adminUserAction`): a dialog
 * that asks the reason, told to both parties, and for a date of a weekly series whether to cancel
 * the rest of it too. Paid dates are refunded in full (the server posts it). Render `dialog` once;
 * `button(booking)` for each booking that `canCancel`.
 */
export function useBookingCancel() {
  const [booking, setBooking] = useState<AdminBooking | null>(null);
  const { submit, busy, done, error, reset } = useActionFetcher();
  // The booking's hours also in the operator's own clock, where it differs from Manila's.
  const zone = useTimeZone();

  const ask = (chosen: AdminBooking) => {
    reset();
    setBooking(chosen);
  };

  const button = (row: AdminBooking) => (
    <button type="button" className="btn-secondary px-3 py-2 whitespace-nowrap text-rose-200 hover:text-rose-100" onClick={() => ask(row)}>
      <CalendarX aria-hidden="true" className="size-4" />
      Cancel booking
      <span className="sr-only">
        {" "}
        of {formatDay(row.date)}, {bookingHours(row, zone)}
      </span>
    </button>
  );

  const dialog = (
    <CancelDialog
      key={booking?.id ?? "none"}
      booking={booking}
      // Open until the page has read the bookings again: the row's button then goes as the dialog closes.
      open={booking !== null && !(done && !busy)}
      busy={busy}
      error={error}
      onSubmit={(change) => void submit({ ...change })}
      onCancel={() => setBooking(null)}
    />
  );

  return { button, dialog };
}

interface CancelDialogProps {
  booking: AdminBooking | null;
  open: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (change: BookingCancelChange) => void;
  onCancel: () => void;
}

function CancelDialog({ booking, open, busy, error, onSubmit, onCancel }: CancelDialogProps) {
  const [reason, setReason] = useState("");
  const [wholeSeries, setWholeSeries] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const inSeries = Boolean(booking?.seriesId);
  const seriesHintId = useId();
  const zone = useTimeZone();

  const submit = (form: HTMLFormElement) => {
    if (!booking) return;
    const parsed = operatorCancelSchema.safeParse({ reason, wholeSeries: inSeries && wholeSeries });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      form.querySelector<HTMLElement>("textarea")?.focus();
      return;
    }
    onSubmit({ intent: "cancelBooking", bookingId: booking.id, reason: parsed.data.reason, wholeSeries: parsed.data.wholeSeries });
  };

  return (
    <AdminFormDialog
      open={open && booking !== null}
      title="Cancel this booking?"
      submitLabel="Cancel booking"
      cancelLabel="Keep booking"
      tone="danger"
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {booking && (
        <div className="space-y-2 text-sm text-slate-300">
          <p>
            <strong className="text-white">
              {formatDay(booking.date)}, {bookingHours(booking, zone)}
            </strong>
            : {personName(booking.client)} with {personName(booking.assistant)}, {formatPeso(booking.amount)} (
            <span className="font-mono">{booking.reference}</span>).
          </p>
          <p>Paid dates are refunded in full to the client. Both the client and the assistant are notified, with the reason.</p>
        </div>
      )}
      <TextAreaField
        label="Reason, told to both parties"
        name="reason"
        required
        maxLength={300}
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(undefined);
        }}
      />
      {inSeries && (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              name="wholeSeries"
              checked={wholeSeries}
              aria-describedby={seriesHintId}
              onChange={(event) => setWholeSeries(event.target.checked)}
              className="size-4 accent-teal-500"
            />
            Cancel the rest of the series too
          </label>
          <p id={seriesHintId} className="pl-6 text-xs text-slate-400">
            Every date of this weekly series that has not started yet.
          </p>
        </div>
      )}
    </AdminFormDialog>
  );
}
