/**
 * What other features (and tests) may use of payouts and refunds: running a batch, marking a
 * line, in the caller's transaction, then publishing the payee's notification after commit; the
 * console's overview and a batch as the API answers them.
 */
export {
  runPayoutBatch,
  runRefundBatch,
  decidePayoutLine,
  publishPayoutLineDecision,
  payoutOverview,
  batchView,
  type Operator,
  type PayoutSettings,
  type PayoutLineDecided,
} from "./batches.js";
export { batchCsv, journalCsv, journalRecords, referenceToQuote, safeCell } from "./files.js";
