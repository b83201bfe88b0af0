import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, weekdayAhead, type AppNotification, type ReferralOverview, type SelfUser } from "@vam/shared";
import { referralRewards } from "../src/db/schema.js";
import { rewardsEarned } from "../src/ledger/public.js";
import { afterEnd, atTime, bookingIn, completeAfterEnd, setStatus, type Account } from "./helpers/bookings.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let consultant: Account;
beforeAll(async () => {
  server = await startTestServer();
  consultant = await signUp(server, { role: "Assistant", firstName: "Maria" });
});
afterAll(() => server?.close());

let day = 0;
const nextDay = () => weekdayAhead(++day);

async function referredClient() {
  const referrer = await signUp(server, { role: "Sharer", firstName: "Liza", lastName: "Mercado" });
  const client = await signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes", referralCode: referrer.user.referralCode });
  return { referrer, client };
}

const rewardsOf = (bookingId: string) => server.database.db.select().from(referralRewards).where(eq(referralRewards.bookingId, bookingId));
/** Rewards credited to the account, in pesos, summed from the ledger. */
const earned = async (account: Account) => (await rewardsEarned(server.database.db, account.user.id)) / 100;
const referralNotes = async (account: Account) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter(
    (n) => n.type === "REFERRAL" && n.title === "Referral reward",
  );

describe("referral rewards", () => {
  it("pays the client's referrer 500 once the booking is completed, once, with a notification", async () => {
    const { referrer, client } = await referredClient();
    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() });
    expect(await rewardsOf(booking.id)).toEqual([]);

    expect((await completeAfterEnd(server, consultant, booking)).status).toBe(200);
    expect(await rewardsOf(booking.id)).toEqual([expect.objectContaining({ earnerId: referrer.user.id, amount: 500 })]);
    expect(await earned(referrer)).toBe(500);
    // The referrer's own account counts the person referred and their completed booking.
    const me = await server.api<{ user: SelfUser }>("GET", "/api/users/verify", { token: referrer.token });
    expect(me.body.user).toMatchObject({ referralCount: 1, referralBookings: 1, moneyEarned: 500 });
    const notes = await referralNotes(referrer);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ entityId: booking.id });
    expect(notes[0]!.content).toContain("₱500");

    // Completing again is refused and pays nothing more.
    expect((await completeAfterEnd(server, consultant, booking)).status).toBe(409);
    expect(await rewardsOf(booking.id)).toHaveLength(1);
    expect(await earned(referrer)).toBe(500);
    expect(await referralNotes(referrer)).toHaveLength(1);
  });

  it("pays once when two completions race", async () => {
    const { referrer, client } = await referredClient();
    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() });
    const results = await atTime(server, afterEnd(booking), () =>
      Promise.all([1, 2, 3].map(() => setStatus(server, consultant, booking.id, "COMPLETED"))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await rewardsOf(booking.id)).toHaveLength(1);
    expect(await earned(referrer)).toBe(500);
  });

  it("pays 1000 for a full day, and the owner of the booking's referral code before the client's referrer", async () => {
    const { referrer, client } = await referredClient();
    const sharer = await signUp(server, { role: "Sharer" });
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: nextDay(), duration: 8, referralCode: sharer.user.referralCode });
    await completeAfterEnd(server, consultant, booking);
    expect(await rewardsOf(booking.id)).toEqual([expect.objectContaining({ earnerId: sharer.user.id, amount: 1000 })]);
    expect(await earned(sharer)).toBe(1000);
    expect(await earned(referrer)).toBe(0);
  });

  it("pays nothing for a client nobody referred, or for a cancelled booking", async () => {
    const loner = await signUp(server, { role: "Boss" });
    const unreferred = await bookingIn(server, loner, consultant, "CONFIRMED", { date: nextDay() });
    await completeAfterEnd(server, consultant, unreferred);
    expect(await rewardsOf(unreferred.id)).toEqual([]);

    const { referrer, client } = await referredClient();
    const cancelled = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() });
    await setStatus(server, client, cancelled.id, "CANCELLED");
    expect(await rewardsOf(cancelled.id)).toEqual([]);
    expect(await earned(referrer)).toBe(0);
  });
});

describe("POST /referrals/apply-reward", () => {
  it("never uses a client-sent amount or referrer: it recomputes, and pays at most once", async () => {
    const { referrer, client } = await referredClient();
    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() });
    const apply = (account: Account, body: object) => server.api("POST", "/api/referrals/apply-reward", { token: account.token, body });
    const greedy = { bookingId: booking.id, amount: 99_999, referrerId: client.user.id };

    const early = await apply(client, greedy);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.rewardNeedsCompletion);
    expect(await rewardsOf(booking.id)).toEqual([]);

    await completeAfterEnd(server, consultant, booking);
    const answer = await apply(client, greedy);
    expect(answer.status).toBe(200);
    expect(answer.body.reward).toEqual({ bookingId: booking.id, earnerId: referrer.user.id, amount: 500 });
    expect(await rewardsOf(booking.id)).toHaveLength(1);
    expect(await earned(referrer)).toBe(500);
    expect(await earned(client)).toBe(0);

    const outsider = await signUp(server, { role: "Boss" });
    expect((await apply(outsider, greedy)).status).toBe(404);
    expect((await apply(client, { amount: 500 })).status).toBe(400);
  });

  it("pays a reward that completion could not (e.g. an old booking) exactly once", async () => {
    const { referrer, client } = await referredClient();
    const booking = await bookingIn(server, client, consultant, "COMPLETED", { date: nextDay() });
    const apply = () => server.api("POST", "/api/referrals/apply-reward", { token: consultant.token, body: { bookingId: booking.id } });
    await Promise.all([apply(), apply()]);
    expect(await rewardsOf(booking.id)).toHaveLength(1);
    expect(await earned(referrer)).toBe(500);
    expect(await referralNotes(referrer)).toHaveLength(1);
  });
});

describe("GET /referrals/user-referrals", () => {
  it("lists the people one referred with their status and completed hours, and the earnings paid", async () => {
    const referrer = await signUp(server, { role: "Sharer" });
    const active = await signUp(server, { role: "Boss", firstName: "Ana", lastName: "Lopez", referralCode: referrer.user.referralCode });
    const pending = await signUp(server, { role: "Assistant", firstName: "Ben", lastName: "Cruz", referralCode: referrer.user.referralCode });
    const done = await bookingIn(server, active, consultant, "CONFIRMED", { date: nextDay(), duration: 8 });
    await bookingIn(server, active, consultant, "PENDING", { date: nextDay() });
    await completeAfterEnd(server, consultant, done);

    const { body, status } = await server.api<ReferralOverview>("GET", "/api/referrals/user-referrals", { token: referrer.token });
    expect(status).toBe(200);
    expect(body.stats).toEqual({ totalReferrals: 2, earnings: 1000 });
    expect(body.referrals).toEqual([
      { id: pending.user.id, name: "Ben Cruz", avatar: null, role: "Assistant", status: "pending", bookingHours: 0 },
      { id: active.user.id, name: "Ana Lopez", avatar: null, role: "Boss", status: "active", bookingHours: 8 },
    ]);
    const me = (await server.api<SelfUser>("GET", "/api/users/verify", { token: referrer.token })).body;
    expect(JSON.stringify(me)).toContain('"moneyEarned":1000');
    expect((await server.api("GET", "/api/referrals/user-referrals")).status).toBe(401);
  });
});
