import { FREE_CANCELLATION_HOURS } from "./constants.js";

/**
 * The money rules of decisions.md ("Cancelling, refunds, fees and payouts"), in integer centavos:
 * the server posts them to the ledger and the web client tells them before anyone confirms.
 */

/** The platform's share of an amount: `percent` of it, rounded half up to the centavo. */
export function platformFeeOf(centavos: number, percent: number): number {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`Not an amount of centavos: ${centavos}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`Not a whole percent: ${percent}`);
  return Math.floor((centavos * percent + 50) / 100);
}

/** Who cancels a paid booking: only the client's own late cancellation costs a fee. */
export type Canceller = "client" | "consultant" | "platform";

export interface CancellationSplit {
  /** What goes back to the client. */
  refundCentavos: number;
  /** What the assistant keeps as a late-cancellation fee (before the platform's share). */
  lateFeeCentavos: number;
  late: boolean;
}

/**
 * A client who cancels 24 hours or more before the start gets it all back; later, half the price
 * is the assistant's late-cancellation fee and half comes back. Cancelled by anyone else (the
 * assistant, an operator, the platform), it all comes back. A date of a weekly series follows the
 * same rule on its own.
 */
export function cancellationSplit(priceCentavos: number, startsAt: Date, now: Date, by: Canceller): CancellationSplit {
  const late = by === "client" && startsAt.getTime() - now.getTime() < FREE_CANCELLATION_HOURS * 3600_000;
  const lateFeeCentavos = late ? Math.floor(priceCentavos / 2) : 0;
  return { refundCentavos: priceCentavos - lateFeeCentavos, lateFeeCentavos, late };
}
