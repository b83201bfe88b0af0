import { useFetcher } from "react-router";
import type { Result } from "../../lib/result";
import type { CancelTarget, QuoteFor } from "./bookings-data";
import { bookingsData } from "./bookings-routes";
import { shownAnswer, type Shown } from "./shown-answer";

/**
 * The cancel dialog's quote (docs/decisions/0004-data-loading-on-the-web.md): `load` is called by
 * the handler that opens the dialog, each time it opens (its route is not read again after
 * that: `readOnce` in router.tsx); `shown` is the answer for the dialog on screen only, never an
 * earlier dialog's.
 */
export function useCancelQuote() {
  const fetcher = useFetcher<Result<QuoteFor>>();
  const load = (target: CancelTarget) => void fetcher.load(bookingsData.cancellationQuote(target));
  const shown = (target: CancelTarget | null): Shown<QuoteFor> =>
    shownAnswer(fetcher, target ? (data) => data.kind === target.kind && data.id === target.id : null);
  return { load, shown };
}
