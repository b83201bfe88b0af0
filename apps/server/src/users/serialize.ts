import type { PublicUser, SelfUser } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";

/** What anyone may see: never the email, the password hash or referral data. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    location: user.location,
    skills: user.skills,
    experience: user.experience,
    availability: user.availability,
    salaryRate: user.salaryRate,
    avatar: user.avatar,
    bio: user.bio,
    rating: user.ratingAverage,
    reviewCount: user.reviewCount,
    createdAt: user.createdAt.toISOString(),
  };
}

export interface ReferralTotals {
  referralCount: number;
  referralBookings: number;
  /** Referral rewards credited, in pesos: summed from the ledger. */
  moneyEarned: number;
}

/** An account's totals before anyone has used its code. */
export const NO_REFERRALS: ReferralTotals = { referralCount: 0, referralBookings: 0, moneyEarned: 0 };

export function toSelfUser(user: UserRow, totals: ReferralTotals): SelfUser {
  return {
    ...toPublicUser(user),
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    referralCode: user.referralCode,
    referredBy: user.referredBy,
    timeZone: user.timeZone,
    ...totals,
  };
}
