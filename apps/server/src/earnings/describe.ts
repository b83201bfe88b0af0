import { formatCentavos, formatShortDate, manilaDate, payoutDestinationText } from "@vam/shared";
import type { PayableLine } from "./repository.js";

/**
 * A payee's ledger lines in words, the same on the earnings page and the monthly statement:
 * what the line was for, with the booking's Manila date and the client's name where there is one.
 */

/** "Tue, Dec 1, 2026": a booking's day in Manila. */
export function bookingDay(startsAt: Date): string {
  const day = manilaDate(startsAt);
  return `${formatShortDate(day)}, ${day.slice(0, 4)}`;
}

/** A payout's state in words, for the statement: "sent, ref 12345", "being sent", "failed". */
function payoutStateText(payout: NonNullable<PayableLine["payout"]>): string {
  switch (payout.state) {
    case "SENT":
      return payout.transferReference ? `sent, ref ${payout.transferReference}` : "sent";
    case "PENDING":
      return "being sent";
    case "FAILED":
      return "failed, back in your balance";
  }
}

/**
 * What a line was for: "4 hours with Ramon Reyes, Tue, Dec 1, 2026 (₱5,000 less ₱500 platform
 * fee)", "Payout to GCash ending 4567". `withState` adds a payout's state (the statement; the
 * page shows it in a column of its own).
 */
export function lineDescription(line: PayableLine, { withState = false }: { withState?: boolean } = {}): string {
  const { booking, payout } = line;
  const fee =
    line.feeCentavos > 0 ? ` (${formatCentavos(line.amountCentavos + line.feeCentavos)} less ${formatCentavos(line.feeCentavos)} platform fee)` : "";
  switch (line.kind) {
    case "BOOKING_COMPLETED":
      return booking ? `${booking.duration} hours with ${booking.clientName}, ${bookingDay(booking.startsAt)}${fee}` : `Booking completed${fee}`;
    case "LATE_CANCELLATION":
      return booking ? `Late-cancellation fee: ${booking.clientName} cancelled ${bookingDay(booking.startsAt)}${fee}` : `Late-cancellation fee${fee}`;
    case "REFERRAL_REWARD":
      return booking ? `Referral reward: ${booking.clientName}'s booking of ${bookingDay(booking.startsAt)}` : "Referral reward";
    case "PAYOUT_BATCHED": {
      const to = payout ? `Payout to ${payoutDestinationText(payout.destination)}` : "Payout";
      return withState && payout ? `${to} (${payoutStateText(payout)})` : to;
    }
    case "PAYOUT_FAILED":
      return payout ? `Payout to ${payoutDestinationText(payout.destination)} failed: back in your balance` : "Payout failed: back in your balance";
    default:
      return line.memo;
  }
}
