/**
 * What other features may use of referrals: a new referral code (a new or restored account).
 */
export { newReferralCode } from "./codes.js";
