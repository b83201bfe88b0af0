import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG, applyRewardSchema, type ReferralOverview, type Role } from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { partyBooking } from "../bookings/queries.js";
import { bookings, referralRewards, users } from "../db/schema.js";
import { conflict, parseWith } from "../http/errors.js";
import { announce } from "../notifications/create.js";
import { payReferralReward } from "./rewards.js";

export async function referralRoutes(app: FastifyInstance) {
  // The people who registered with the user's code, with the hours of their completed bookings.
  app.get("/referrals/user-referrals", { preHandler: app.authenticate }, async (request): Promise<ReferralOverview> => {
    const me = currentUser(request);
    const completed = and(eq(bookings.clientId, users.id), eq(bookings.status, "COMPLETED"));
    const rows = await app.db
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
      .where(eq(users.referredBy, me.id))
      .groupBy(users.id)
      .orderBy(desc(users.createdAt));
    return {
      // moneyEarned grows with every reward, in the same transaction that pays it.
      stats: { totalReferrals: rows.length, earnings: me.moneyEarned },
      referrals: rows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        avatar: row.avatar,
        role: row.role as Role,
        status: row.completedBookings > 0 ? "active" : "pending",
        bookingHours: row.bookingHours,
      })),
    };
  });

  // Kept for the spec's client: the server already pays on completion. Only the booking id is
  // read; the reward, its amount and its earner are recomputed, and paid at most once.
  app.post("/referrals/apply-reward", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const { bookingId } = parseWith(applyRewardSchema, request.body);
    const found = await partyBooking(app.db, bookingId, me.id);
    if (found.booking.status !== "COMPLETED") throw conflict(MSG.rewardNeedsCompletion);
    const notification = await app.db.transaction((tx) => payReferralReward(tx, found.booking, found.client));
    if (notification) await announce(app, notification);
    const [reward] = await app.db.select().from(referralRewards).where(eq(referralRewards.bookingId, bookingId));
    return { reward: reward ? { bookingId, earnerId: reward.earnerId, amount: reward.amount } : null };
  });
}
