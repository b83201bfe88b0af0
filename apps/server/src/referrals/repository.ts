import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { bookings, referralRewards, users } from "../db/schema.js";

/** The people who registered with the user's code, newest first, with the hours and number of their completed bookings. */
export async function referredPeople(db: Db, userId: string) {
  const completed = and(eq(bookings.clientId, users.id), eq(bookings.status, "COMPLETED"));
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      role: users.role,
      bookingHours: sql<number>`coalesce(sum(${bookings.duration}), 0)::int`,
      completedBookings: count(bookings.id),
    })
    .from(users)
    .leftJoin(bookings, completed)
    .where(eq(users.referredBy, userId))
    .groupBy(users.id)
    .orderBy(desc(users.createdAt));
}

/** The referral reward paid for the booking, or undefined. */
export async function rewardOfBooking(db: Db, bookingId: string) {
  const [reward] = await db.select().from(referralRewards).where(eq(referralRewards.bookingId, bookingId));
  return reward;
}
