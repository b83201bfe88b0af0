import { MSG, type BookingParty } from "@vam/shared";
import type { QuoteFor } from "./bookings-data";
import { cancelQuoteSentence } from "./cancel-quote";
import type { Shown } from "./shown-answer";

interface CancelQuoteProps {
  shown: Shown<QuoteFor>;
  /** Who is cancelling: the client reads what comes back to them, the assistant what the client gets back. */
  party: BookingParty;
  /**
   * Whether the list on screen shows the booking (or series) paid. The assistant of one it shows
   * unpaid gets no loading text: most likely there is nothing to say about money.
   */
  listedPaid: boolean;
}

/**
 * The cancel dialog's sentence about money, before its confirm button, in a polite live region
 * (present from the dialog's opening, so that the amount is announced when it arrives). While
 * the quote loads it says so; a quote that failed says no amount rather than a wrong one, and
 * the dialog's buttons work all along.
 */
export function CancelQuote({ shown, party, listedPaid }: CancelQuoteProps) {
  const quietWhileLoading = party === "consultant" && !listedPaid;
  const text =
    shown.state === "ready"
      ? cancelQuoteSentence(shown.data.quote, party, shown.data.kind === "series")
      : shown.state === "loading" && !quietWhileLoading
        ? MSG.cancelQuoteLoading
        : null;
  const loading = shown.state === "loading";
  return (
    <p
      role="status"
      aria-live="polite"
      className={text ? `mt-3 rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 ${loading ? "text-slate-400" : "text-slate-100"}` : ""}
    >
      {text}
    </p>
  );
}
