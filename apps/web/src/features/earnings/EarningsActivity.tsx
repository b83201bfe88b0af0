import type { EarningLine, PayoutLineState } from "@vam/shared";
import { lineDate, payoutState, signedCentavos } from "./earnings-format";

const STATE_LOOK: Record<PayoutLineState, string> = {
  SENT: "text-emerald-300",
  PENDING: "text-amber-200",
  FAILED: "text-rose-300",
};

/** A payout's state: its words, and the transfer's reference under them. */
function PayoutState({ line }: { line: EarningLine }) {
  const state = payoutState(line);
  if (!state || !line.payout) return null;
  return (
    <span className={`block ${STATE_LOOK[line.payout.state]}`}>
      {state.label}
      {state.reference && <span className="block text-xs break-all text-slate-400">{state.reference}</span>}
    </span>
  );
}

/**
 * The balance's lines, newest first, as a table: the day (Manila), what it was, the amount (in
 * positive, out negative) and, for a payout, where it is (the column only when a line has one).
 * On a phone the day and the state go under the words instead of columns of their own.
 */
export function EarningsActivity({ lines, limited }: { lines: EarningLine[]; limited: boolean }) {
  if (lines.length === 0) return <p className="py-6 text-center text-slate-400">No earnings yet.</p>;
  const withState = lines.some((line) => payoutState(line) !== null);
  return (
    <div className="space-y-3">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Your earnings and payouts, newest first</caption>
        <thead>
          <tr className="border-b border-slate-700 text-xs tracking-wide text-slate-400 uppercase">
            <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              What
            </th>
            <th scope="col" className="py-2 text-right font-semibold sm:pr-3">
              Amount
            </th>
            {withState && (
              <th scope="col" className="hidden w-40 py-2 font-semibold sm:table-cell">
                Status
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.entryNumber} className="border-b border-slate-800 align-top last:border-b-0">
              <td className="hidden py-3 pr-3 whitespace-nowrap text-slate-400 sm:table-cell">{lineDate(line.at)}</td>
              <td className="py-3 pr-3 text-slate-200">
                <span className="block text-xs text-slate-400 sm:hidden">{lineDate(line.at)}</span>
                {line.memo}
                {payoutState(line) && (
                  <span className="mt-0.5 block text-xs sm:hidden">
                    <PayoutState line={line} />
                  </span>
                )}
              </td>
              <td
                className={`py-3 text-right font-semibold whitespace-nowrap sm:pr-3 ${line.amountCentavos > 0 ? "text-emerald-300" : "text-slate-200"}`}
              >
                {signedCentavos(line.amountCentavos)}
              </td>
              {withState && (
                <td className="hidden py-3 sm:table-cell">
                  <PayoutState line={line} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {limited && <p className="text-xs text-slate-400">The latest {lines.length} lines. The monthly statements have every one.</p>}
    </div>
  );
}
