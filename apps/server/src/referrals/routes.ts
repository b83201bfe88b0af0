import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CENTAVOS, MSG, applyRewardSchema, referralOverviewSchema, type ReferralOverview, type Role } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { partyBooking, payReferralReward } from "../bookings/public.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { conflict } from "../http/errors.js";
import { announce } from "../notifications/public.js";
import { rewardsEarned } from "../ledger/public.js";
import { referredPeople, rewardOfBooking } from "./repository.js";

const tags = ["referrals"];
const rewardAnswer = z.object({ reward: z.object({ bookingId: z.string(), earnerId: z.string(), amount: z.number() }).nullable() });

export async function referralRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  // The people who registered with the user's code, with the hours of their completed bookings.
  const overviewContract = {
    tags,
    summary: "The people who joined with one's code",
    security: bearer,
    response: { 200: referralOverviewSchema, ...errorResponses },
  };
  app.get("/referrals/user-referrals", { ...auth, schema: overviewContract }, async (request): Promise<ReferralOverview> => {
    const me = currentUser(request);
    const rows = await referredPeople(app.db, me.id);
    return {
      // Rewards are whole pesos, posted to the ledger in the transaction that completes the booking.
      stats: { totalReferrals: rows.length, earnings: (await rewardsEarned(app.db, me.id)) / CENTAVOS },
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
  const rewardContract = {
    tags,
    summary: "Pay a completed booking's referral reward (at most once)",
    security: bearer,
    body: applyRewardSchema,
    response: { 200: rewardAnswer, ...errorResponses },
  };
  app.post("/referrals/apply-reward", { ...auth, schema: rewardContract }, async (request) => {
    const me = currentUser(request);
    const { bookingId } = request.body;
    const found = await partyBooking(app.db, bookingId, me.id);
    if (found.booking.status !== "COMPLETED") throw conflict(MSG.rewardNeedsCompletion);
    const notification = await app.db.transaction((tx) => payReferralReward(tx, found.booking, found.client, app.clock.now()));
    if (notification) await announce(app, notification);
    const reward = await rewardOfBooking(app.db, bookingId);
    return { reward: reward ? { bookingId, earnerId: reward.earnerId, amount: reward.amount } : null };
  });
}
