import type { PaymentState, StatementProposal } from "@vam/shared";

/*
 * What each imported statement line probably is (decisions.md, "Reconciling payments"): a
 * proposal the operator confirms or corrects; nothing here marks a payment. Pure and
 * deterministic: the same lines and payments give the same proposals, whatever their order.
 *
 * - Only money IN is proposed. A money-out line (a refund sent, a fee, a withdrawal) gets no
 *   proposal at all: it stays an imported line the operator can see, matched to nothing.
 * - Lines are taken in time order (then file line), whatever order the export lists them in
 *   (GCash lists the newest first), so "the first line of a payment" is the earliest one.
 * - A line carrying a payment's reference: "matched" when the amount is exact, "amountDiffers"
 *   otherwise (differenceCentavos = line - payment: negative, still unpaid; positive, a refund
 *   due). A later line with the same reference is "paidTwice" once the earlier lines covered the
 *   amount; while they fell short it is a top-up, "amountDiffers" with the difference still open
 *   after it (0: now complete). A payment already confirmed against an earlier statement line
 *   (`paidByLine`) makes any new line with its reference "paidTwice". A payment marked PAID by
 *   hand without a line is not: this line is the evidence of that decision. A REJECTED payment's
 *   reference is still matched: the operator decides whether to reinstate it or refund.
 * - A line without a known reference is "likely" the one unpaid payment (OPEN or UNVERIFIED, not
 *   claimed by a referenced line of this batch) of exactly its amount created in the 72 hours
 *   before it, and only when there is exactly one such payment. When two or more lines would be
 *   "likely" the same payment, none is: a proposal is never a guess between lines. A line that
 *   gives only a date (no time) is taken to be any time that Manila day.
 * - Anything else is "unknown".
 *
 * Hash maps and sorted arrays with binary search: O((lines + payments) log payments).
 */

export interface MatchLine {
  lineNo: number;
  fingerprint: string;
  postedAt: Date;
  /** False for a line known to the day only (the whole Manila day is considered). Default true. */
  hasTime?: boolean;
  amountCentavos: number;
  reference: string | null;
}

export interface MatchPayment {
  id: string;
  reference: string;
  amountCentavos: number;
  createdAt: Date;
  status: PaymentState;
  /** Already confirmed against an earlier statement line. */
  paidByLine?: boolean;
}

export interface Proposal {
  lineNo: number;
  fingerprint: string;
  kind: StatementProposal;
  paymentId: string | null;
  /** Line minus payment (amountDiffers): negative, still unpaid; positive, a refund due. */
  differenceCentavos?: number;
}

/** How long before a line an unreferenced payment of its amount may have been created to be "likely" it. */
export const LIKELY_WINDOW_HOURS = 72;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const UNPAID: ReadonlySet<PaymentState> = new Set<PaymentState>(["OPEN", "UNVERIFIED"]);

/** First index in the sorted `times` whose value is >= `value`. */
function lowerBound(times: readonly number[], value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The proposals for the money-in lines, in the order of `lines`. `now` bounds the day of a
 * date-only line (a line of today is not taken to be later than now).
 */
export function proposeMatches(lines: readonly MatchLine[], payments: readonly MatchPayment[], now?: Date): Proposal[] {
  const byReference = new Map<string, MatchPayment>();
  for (const payment of payments) if (!byReference.has(payment.reference)) byReference.set(payment.reference, payment);

  const incoming = lines
    .map((line, at) => ({ line, at }))
    .filter(({ line }) => line.amountCentavos > 0)
    .sort((a, b) => a.line.postedAt.getTime() - b.line.postedAt.getTime() || a.line.lineNo - b.line.lineNo || a.at - b.at);

  const proposals = new Map<number, Proposal>();
  const propose = (entry: { line: MatchLine; at: number }, kind: StatementProposal, payment: MatchPayment | null, difference?: number) =>
    proposals.set(entry.at, {
      lineNo: entry.line.lineNo,
      fingerprint: entry.line.fingerprint,
      kind,
      paymentId: payment?.id ?? null,
      ...(difference === undefined ? {} : { differenceCentavos: difference }),
    });

  // 1. Lines with a known reference, earliest first: what each payment received in this batch.
  const received = new Map<string, number>();
  const unreferenced: { line: MatchLine; at: number }[] = [];
  for (const entry of incoming) {
    const payment = entry.line.reference === null ? undefined : byReference.get(entry.line.reference);
    if (!payment) {
      unreferenced.push(entry);
      continue;
    }
    const before = received.get(payment.id);
    const amount = entry.line.amountCentavos;
    received.set(payment.id, (before ?? 0) + amount);
    if (payment.paidByLine || (before !== undefined && before >= payment.amountCentavos)) propose(entry, "paidTwice", payment);
    else if (before === undefined && amount === payment.amountCentavos) propose(entry, "matched", payment);
    else propose(entry, "amountDiffers", payment, (before ?? 0) + amount - payment.amountCentavos);
  }

  // 2. The unpaid payments no referenced line claimed, by amount, sorted by creation time.
  const open = new Map<number, { times: number[]; payments: MatchPayment[] }>();
  const eligible = payments
    .filter((payment) => UNPAID.has(payment.status) && !payment.paidByLine && !received.has(payment.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const payment of eligible) {
    let group = open.get(payment.amountCentavos);
    if (!group) open.set(payment.amountCentavos, (group = { times: [], payments: [] }));
    group.times.push(payment.createdAt.getTime());
    group.payments.push(payment);
  }

  // 3. Each unreferenced line's single candidate, if it has exactly one; a candidate two lines want is nobody's.
  const nowTime = now?.getTime();
  const single = new Map<{ line: MatchLine; at: number }, MatchPayment>();
  const wanted = new Map<string, number>();
  for (const entry of unreferenced) {
    const group = open.get(entry.line.amountCentavos);
    if (!group) continue;
    const start = entry.line.postedAt.getTime();
    let end = entry.line.hasTime === false ? start + DAY - 1 : start;
    if (nowTime !== undefined && nowTime >= start && nowTime < end) end = nowTime;
    const from = lowerBound(group.times, start - LIKELY_WINDOW_HOURS * HOUR);
    const to = lowerBound(group.times, end + 1);
    if (to - from !== 1) continue;
    const payment = group.payments[from]!;
    single.set(entry, payment);
    wanted.set(payment.id, (wanted.get(payment.id) ?? 0) + 1);
  }
  for (const entry of unreferenced) {
    const payment = single.get(entry);
    if (payment && wanted.get(payment.id) === 1) propose(entry, "likely", payment);
    else propose(entry, "unknown", null);
  }

  return [...proposals.entries()].sort((a, b) => a[0] - b[0]).map(([, proposal]) => proposal);
}
