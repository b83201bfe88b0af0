import { formatCentavos, formatMonth, formatShortDate, formatTime, manilaDate, manilaTime, type EarningLine } from "@vam/shared";
import { formatDate } from "../../lib/format";

/** "+₱4,500" for money in, "-₱4,500" for money out, "₱0". */
export const signedCentavos = (centavos: number) => (centavos > 0 ? `+${formatCentavos(centavos)}` : formatCentavos(centavos));

/** "Nov 30, 2026": a line's day in Manila. */
export const lineDate = (at: string) => formatDate(at);

/** "Tue, Dec 1, 9:00 AM": a pending booking's start in Manila. */
export const bookingStart = (startsAt: string) => {
  const at = new Date(startsAt);
  return `${formatShortDate(manilaDate(at))}, ${formatTime(manilaTime(at))}`;
};

/** "November 2026" from "2026-11". */
export const monthLabel = (month: string) => formatMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1);

/**
 * A payout's state as its line shows it: "Paid out" (with "ref 12345"), "Being sent", "Failed:
 * back in your balance". Only a payout's own line (the batch that took the money) has one: the
 * line of a failed payout coming back says so in its words.
 */
export function payoutState(line: Pick<EarningLine, "kind" | "payout">): { label: string; reference: string | null } | null {
  if (line.kind !== "PAYOUT_BATCHED" || !line.payout) return null;
  switch (line.payout.state) {
    case "SENT":
      return { label: "Paid out", reference: line.payout.transferReference ? `ref ${line.payout.transferReference}` : null };
    case "PENDING":
      return { label: "Being sent", reference: null };
    case "FAILED":
      return { label: "Failed: back in your balance", reference: null };
  }
}
