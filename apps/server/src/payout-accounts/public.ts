/**
 * What other features may use of payout accounts: a user's account, whether a recent change
 * still holds their payouts, and where a payout goes in full (the operator's bank file).
 */
export { payoutAccountOf, deletePayoutAccount, type PayoutAccountRow } from "./repository.js";
export { payoutHeldUntil, payoutDestination, lastFour, type PayoutDestination } from "./view.js";
