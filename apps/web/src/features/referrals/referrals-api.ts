import type { ReferralOverview } from "@vam/shared";
import { api } from "../../api/client";

/** The user's referral stats and the people who registered with their code. */
export function fetchReferralOverview(): Promise<ReferralOverview> {
  return api.get<ReferralOverview>("/referrals/user-referrals");
}

/** The link that registers someone with `referralCode` (the register page prefills it). */
export function referralLink(referralCode: string, origin = window.location.origin): string {
  return `${origin}/register?referralCode=${encodeURIComponent(referralCode)}`;
}
