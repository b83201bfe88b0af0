import { eq, sql } from "drizzle-orm";
import { formatPeso, referralRewardFor } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import type { BookingRow } from "../bookings/serialize.js";
import type { Db } from "../db/client.js";
import { referralRewards, users } from "../db/schema.js";
import { createNotification } from "../notifications/create.js";
import { findUserByReferralCode } from "../users/queries.js";

/** Who earns the reward of a booking: the owner of its referral code, else the client's referrer. */
async function earnerOf(db: Db, booking: BookingRow, client: UserRow): Promise<string | null> {
  const owner = booking.referralCode ? await findUserByReferralCode(db, booking.referralCode) : undefined;
  const earner = owner?.id ?? client.referredBy;
  // Never the booking's own parties: a reward pays for bringing someone else's business.
  return earner && earner !== client.id && earner !== booking.consultantId ? earner : null;
}

/**
 * Pays the referral reward of a completed booking, at most once (the unique booking id of
 * referral_rewards decides), inside the caller's transaction. The amount comes from the
 * booking's real duration only. Answers the earner's notification when something was paid.
 */
export async function payReferralReward(tx: Db, booking: BookingRow, client: UserRow) {
  const earnerId = await earnerOf(tx, booking, client);
  if (!earnerId) return null;
  const amount = referralRewardFor(booking.duration);
  const [paid] = await tx
    .insert(referralRewards)
    .values({ bookingId: booking.id, earnerId, amount })
    .onConflictDoNothing({ target: referralRewards.bookingId })
    .returning();
  if (!paid) return null;
  await tx
    .update(users)
    .set({ moneyEarned: sql`${users.moneyEarned} + ${amount}` })
    .where(eq(users.id, earnerId));
  return createNotification(tx, {
    userId: earnerId,
    type: "REFERRAL",
    title: "Referral reward",
    content: `You earned ${formatPeso(amount)}: a ${booking.duration}-hour booking by ${client.firstName} ${client.lastName} was completed.`,
    entityId: booking.id,
  });
}
