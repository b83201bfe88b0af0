import { MSG, formatCentavos, type BookingParty, type CancellationQuote } from "@vam/shared";

/**
 * The cancel dialog's sentence about money (decisions.md, "Cancelling, refunds, fees and payouts"),
 * from the server's quote, or null when there is nothing to say:
 * - the client, paid: everything back, or half back and half to the assistant as a late fee (one
 *   booking or the rest of a series);
 * - the client, payment not verified yet: what comes back in full if the money arrives;
 * - the assistant: what the client gets back, only when the client paid;
 * - nothing to cancel (no date left in a series): nothing.
 * Pure, tested in apps/web/test/cancel-quote.test.ts.
 */
export function cancelQuoteSentence(quote: CancellationQuote, party: BookingParty, series: boolean): string | null {
  if (quote.dates === 0) return null;
  const back = formatCentavos(quote.refundCentavos);
  if (party === "consultant") return quote.paid && quote.refundCentavos > 0 ? MSG.cancelQuoteConsultant(back) : null;
  if (!quote.paid) return quote.refundCentavos > 0 ? MSG.cancelQuoteUnverified(back) : MSG.cancelQuoteNothingPaid;
  const fee = formatCentavos(quote.lateFeeCentavos);
  if (series) return quote.late ? MSG.cancelQuoteSeriesLate(quote.dates, back, fee) : MSG.cancelQuoteSeries(quote.dates, back);
  return quote.late ? MSG.cancelQuoteLate(back, fee) : MSG.cancelQuoteAll(back);
}
