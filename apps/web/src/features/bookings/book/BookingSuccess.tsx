import { MSG, TRANSFER_REFERENCE_MAX, formatLongDate, formatTime, yourTime, type Booking, type ConsultantSummary } from "@vam/shared";
import Send from "lucide-react/icons/send";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useActionAnswer } from "../../../lib/actions";
import { useActionFetcher } from "../../../lib/useActionFetcher";
import { PushOffer } from "../../notifications/public";
import { BothClocks } from "../BothClocks";
import type { TransferReferenceInput } from "../bookings-data";
import { pageHref, BOOKINGS_PAGE, CHAT_PAGE } from "../../../lib/page-routes";

interface BookingSuccessProps {
  /** The booking made, or every date of the weekly series made. */
  bookings: Booking[];
  consultant: ConsultantSummary;
  name: string;
  /** The client's zone: where it reads otherwise than Manila's, the (first) date and time with both clocks. */
  zone?: string | null;
}

/**
 * Step 4 of booking: the request was sent (decisions.md: nothing says a booking is confirmed before
 * it is): it waits for the payment check and the assistant's answer. The client may add the
 * reference number of their transfer; where to find the booking; the chat that was started. Below,
 * once per device, the offer of push notifications (issue 33: "after their first booking").
 */
export function BookingSuccess({ bookings, consultant, name, zone }: BookingSuccessProps) {
  const booking = bookings[0]!;
  const consultantId = booking.consultantId;
  // Someone abroad is told when it is for them; for Manila the step stays as the spec has it.
  const abroad = yourTime(booking.startsAt, zone) !== null;
  return (
    <section className="card space-y-4 p-6 text-center">
      <Send aria-hidden="true" className="mx-auto size-12 text-sky-400" />
      <h2 tabIndex={-1} className="text-2xl font-bold text-white">
        {MSG.bookingRequestSentTitle}
      </h2>
      <p className="text-slate-300">{MSG.bookingRequestSent(name)}</p>
      <p className="text-sm text-slate-400">
        Booking ID: <span className="font-mono text-slate-200">{booking.id}</span>
      </p>
      <p className="text-sm text-slate-400">
        Payment reference: <span className="font-mono font-semibold text-slate-100">{booking.paymentReference}</span>
      </p>
      {abroad && (
        <p className="text-slate-300">
          {bookings.length > 1 ? "First date: " : "When: "}
          <BothClocks
            manila={`${formatLongDate(booking.date)}, ${formatTime(booking.startTime)} to ${formatTime(booking.endTime)}`}
            start={booking.startsAt}
            end={booking.endsAt}
            zone={zone}
            yoursClassName="text-sm text-slate-400"
          />
        </p>
      )}
      {bookings.length > 1 && (
        <p className="text-slate-300">
          {bookings.length} weekly dates, from {formatLongDate(booking.date)} to {formatLongDate(bookings[bookings.length - 1]!.date)}.
        </p>
      )}
      <TransferReferenceForm reference={booking.paymentReference} />
      <p className="text-sm text-slate-400">
        You can find the details under{" "}
        <Link to={pageHref(BOOKINGS_PAGE, {})} className="link">
          My Bookings
        </Link>
        {bookings.length > 1 && ", in the Recurring tab"}.
      </p>
      <p className="text-sm text-slate-400">{MSG.bookingRequestChat(consultant.firstName)}</p>
      <Link to={pageHref(CHAT_PAGE, { userId: consultantId })} className="btn-primary">
        Proceed to Chat
      </Link>
      <PushOffer firstName={consultant.firstName} />
    </section>
  );
}

/** The optional reference number from the client's receipt, saved on the payment. */
function TransferReferenceForm({ reference }: { reference: string }) {
  const write = useActionFetcher();
  const [value, setValue] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const hintId = useId();
  useActionAnswer(write.result, (answer) => {
    if (answer.ok) setSaved(value.trim());
  });
  const error = missing ? MSG.transferReferenceRequired : write.error;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setMissing(!value.trim());
    if (!value.trim()) return;
    const input: TransferReferenceInput = { intent: "transferReference", reference, transferReference: value.trim() };
    void write.submit({ ...input });
  };
  if (saved) {
    return (
      <p role="status" className="rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
        {MSG.transferReferenceSaved} ({saved})
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="mx-auto max-w-md space-y-2 text-left">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        {MSG.transferReferenceLabel}
      </label>
      <p id={hintId} className="text-xs text-slate-400">
        {MSG.transferReferenceHint}
      </p>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={TRANSFER_REFERENCE_MAX}
          aria-describedby={error ? `${hintId} ${inputId}-error` : hintId}
          aria-invalid={error ? true : undefined}
          className="input flex-1"
          autoComplete="off"
        />
        <button type="submit" className="btn-secondary" disabled={write.busy}>
          {MSG.transferReferenceSave}
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-rose-400">
          {error}
        </p>
      )}
    </form>
  );
}
