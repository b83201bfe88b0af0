/**
 * What other features may use of the ledger (decision 0020): the postings of each money event,
 * in the caller's transaction, and the balances and history read from the journal.
 */
export {
  postPaymentReceived,
  postCancellation,
  postCompletion,
  postReward,
  postExtraReceived,
  refundsOfBookings,
  type BookingMoney,
  type CancellationPosted,
  type RefundRow,
} from "./postings.js";
export {
  PLATFORM_ACCOUNTS,
  postEntry,
  isPosted,
  balanceOf,
  balanceBefore,
  accountBalances,
  accountByCode,
  accountById,
  accountHistory,
  journalRows,
  rewardsEarned,
  personalCode,
  normalSign,
  type AccountRef,
  type AccountBalance,
  type HistoryLine,
  type JournalRow,
} from "./repository.js";
