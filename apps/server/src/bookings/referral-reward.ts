import { centavosOf, formatPeso, MSG, referralRewardFor } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { BookingRow } from "./serialize.js";
import type { Db } from "../db/client.js";
import { referralRewards } from "../db/schema.js";
import { postReward } from "../ledger/public.js";
import { createNotification } from "../notifications/public.js";
import { findUserByReferralCode } from "../users/public.js";

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
 * booking's real duration only, and is posted to the ledger (the platform pays it, into the
 * earner's payable) in the same transaction. Answers the earner's notification when something was paid.
 */
export async function payReferralReward(tx: Db, booking: BookingRow, client: UserRow, at: Date) {
  const earnerId = await earnerOf(tx, booking, client);
  if (!earnerId) return null;
  const amount = referralRewardFor(booking.duration);
  const [paid] = await tx
    .insert(referralRewards)
    .values({ bookingId: booking.id, earnerId, amount })
    .onConflictDoNothing({ target: referralRewards.bookingId })
    .returning();
  if (!paid) return null;
  await postReward(tx, { bookingId: booking.id, earnerId, amountCentavos: centavosOf(amount), at });
  return createNotification(tx, {
    userId: earnerId,
    type: "REFERRAL",
    title: MSG.notificationTitle.referralReward,
    content: `You earned ${formatPeso(amount)}: a ${booking.duration}-hour booking by ${client.firstName} ${client.lastName} was completed.`,
    entityId: booking.id,
  });
}
