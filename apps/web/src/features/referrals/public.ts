/**
 * What other features may use of `referrals` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { ReferralSection } from "./ReferralSection";
export { fetchReferralOverview } from "./referrals-api";
