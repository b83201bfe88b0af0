import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_UNPAID_PAYMENTS,
  MSG,
  bookingHorizonEnd,
  isWeekend,
  manilaToday,
  shiftDate,
  weekdayAhead,
  type AppNotification,
  type Booking,
} from "@vam/shared";
import { sweep } from "../src/bookings/sweep.js";
import { bookings, referralRewards } from "../src/db/schema.js";
import { afterEnd, atTime, book, bookingIn, reschedule, setStatus, storedBooking, type Account } from "./helpers/bookings.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let consultant: Account;
beforeAll(async () => {
  server = await startTestServer({ PAYMENT_WINDOW_HOURS: "24" });
  consultant = await signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" });
});
afterAll(() => server?.close());

// From the second weekday on: tomorrow's 09:00 can be less than the 24-hour payment window away
// (after 09:00 in Manila), and then the start, not the window, would expire the hold.
let day = 1;
const nextDay = () => weekdayAhead(++day);
const HOUR = 3600_000;
const newClient = () => signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" });
const created = async (client: Account, date = nextDay(), startTime: "09:00" | "13:00" = "09:00") => {
  const response = await book(server, client, { consultantId: consultant.user.id, date, startTime });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body.booking;
};
const sweepAt = (instant: Date) => atTime(server, instant, () => sweep(server.app));
const bookingNotes = async (account: Account, bookingId: string) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter(
    (n) => n.type === "BOOKING" && n.entityId === bookingId && n.title === "Booking cancelled",
  );

describe("expiring holds", () => {
  it("cancels a booking whose payment is not verified within the window, not before, and tells both parties why", async () => {
    const client = await newClient();
    const booking = await created(client);
    const createdAt = Date.parse(booking.createdAt);

    expect((await sweepAt(new Date(createdAt + 23.9 * HOUR))).expired).not.toContain(booking.id);
    expect((await storedBooking(server, booking.id)).status).toBe("PENDING");

    expect((await sweepAt(new Date(createdAt + 24 * HOUR + 1000))).expired).toContain(booking.id);
    expect(await storedBooking(server, booking.id)).toMatchObject({ status: "CANCELLED", cancelReason: "PAYMENT_EXPIRED", sequence: 1 });
    for (const party of [client, consultant]) {
      const notes = await bookingNotes(party, booking.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.content).toContain("payment not received in time");
    }
    // Swept again, nothing happens twice.
    expect((await sweepAt(new Date(createdAt + 48 * HOUR))).expired).not.toContain(booking.id);
    expect(await bookingNotes(client, booking.id)).toHaveLength(1);
  });

  it("keeps a paid booking past the window, and cancels it when it is still not accepted at its start", async () => {
    const client = await newClient();
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: nextDay(), startTime: "13:00" });
    const startsAt = Date.parse(booking.startsAt);
    expect((await sweepAt(new Date(startsAt - 60_000))).expired).not.toContain(booking.id);
    expect((await storedBooking(server, booking.id)).status).toBe("PENDING");
    expect((await sweepAt(new Date(startsAt))).expired).toContain(booking.id);
    expect(await storedBooking(server, booking.id)).toMatchObject({ status: "CANCELLED", cancelReason: "NOT_ACCEPTED" });
    expect((await bookingNotes(consultant, booking.id))[0]!.content).toContain("not accepted in time");
  });

  it("never expires an accepted booking, even unpaid", async () => {
    const client = await newClient();
    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() }, { paymentStatus: "UNVERIFIED" });
    expect((await sweepAt(new Date(Date.parse(booking.startsAt) + HOUR))).expired).not.toContain(booking.id);
    expect((await storedBooking(server, booking.id)).status).toBe("CONFIRMED");
  });

  it("frees the expired slot for someone else", async () => {
    const date = nextDay();
    const first = await created(await newClient(), date);
    await sweepAt(new Date(Date.parse(first.createdAt) + 25 * HOUR));
    const second = await book(server, await newClient(), { consultantId: consultant.user.id, date });
    expect(second.status).toBe(201);
  });
});

describe("the unpaid cap", () => {
  it(`lets a client hold at most ${MAX_UNPAID_PAYMENTS} unpaid bookings, also under simultaneous requests`, async () => {
    const client = await newClient();
    const dates = Array.from({ length: 6 }, () => nextDay());
    const answers = await Promise.all(dates.map((date) => book(server, client, { consultantId: consultant.user.id, date })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_UNPAID_PAYMENTS);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(refused.map(() => [400, MSG.bookingUnpaidCap]));

    // Once one is paid, there is room for one more.
    const held = answers.filter((a) => a.status === 201).map((a) => a.body.booking as Booking);
    await server.database.db.update(bookings).set({ paymentStatus: "PAID" }).where(eq(bookings.id, held[0]!.id));
    expect((await book(server, client, { consultantId: consultant.user.id, date: nextDay() })).status).toBe(201);
    expect((await book(server, client, { consultantId: consultant.user.id, date: nextDay() })).status).toBe(400);
  });
});

describe("the 12-month horizon", () => {
  /** The last weekday on or before `iso`, and the first weekday after it. */
  function weekdaysAround(iso: string) {
    let last = iso;
    while (isWeekend(last)) last = shiftDate(last, -1);
    let beyond = shiftDate(iso, 1);
    while (isWeekend(beyond)) beyond = shiftDate(beyond, 1);
    return { last, beyond };
  }

  it("books up to the end of the 12th month and refuses anything later, for creating and moving", async () => {
    const { last, beyond } = weekdaysAround(bookingHorizonEnd(manilaToday()));
    const client = await newClient();
    const refused = await book(server, client, { consultantId: consultant.user.id, date: beyond });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.bookingBeyondHorizon);
    const edge = await book(server, client, { consultantId: consultant.user.id, date: last });
    expect(edge.status).toBe(201);

    const moved = await reschedule(server, client, edge.body.booking.id, beyond);
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(MSG.bookingBeyondHorizon);
  });
});

describe("completing a booking", () => {
  it("is refused while the payment is not verified, and before the booking has ended", async () => {
    const client = await newClient();
    const unpaid = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() }, { paymentStatus: "UNVERIFIED" });
    const early = await setStatus(server, consultant, unpaid.id, "COMPLETED");
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.bookingCompleteUnpaid);
    const lateButUnpaid = await atTime(server, afterEnd(unpaid), () => setStatus(server, consultant, unpaid.id, "COMPLETED"));
    expect(lateButUnpaid.body.message).toBe(MSG.bookingCompleteUnpaid);

    const paid = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay() });
    const beforeEnd = await atTime(server, new Date(Date.parse(paid.endsAt) - 60_000), () => setStatus(server, consultant, paid.id, "COMPLETED"));
    expect(beforeEnd.status).toBe(409);
    expect(beforeEnd.body.message).toBe(MSG.bookingCompleteNotOver);
    expect((await storedBooking(server, paid.id)).status).toBe("CONFIRMED");

    const done = await atTime(server, afterEnd(paid), () => setStatus(server, consultant, paid.id, "COMPLETED"));
    expect(done.status).toBe(200);
    expect(done.body.booking).toMatchObject({ status: "COMPLETED", completedAt: expect.any(String) });
  });

  it("closes the reward fraud path: three accounts cannot mint a reward with an unpaid or early completion", async () => {
    // A referrer, a client they referred, and an Assistant colluding with them.
    const referrer = await signUp(server, { role: "Sharer" });
    const client = await signUp(server, { role: "Boss", referralCode: referrer.user.referralCode });
    const accomplice = await signUp(server, { role: "Assistant" });
    const { booking } = (await book(server, client, { consultantId: accomplice.user.id, date: nextDay() })).body;
    await setStatus(server, accomplice, booking.id, "CONFIRMED");
    expect((await setStatus(server, accomplice, booking.id, "COMPLETED")).status).toBe(409);
    expect((await atTime(server, afterEnd(booking), () => setStatus(server, accomplice, booking.id, "COMPLETED"))).status).toBe(409);
    const applied = await server.api("POST", "/api/referrals/apply-reward", { token: client.token, body: { bookingId: booking.id } });
    expect(applied.status).toBe(409);
    expect(await server.database.db.select().from(referralRewards).where(eq(referralRewards.bookingId, booking.id))).toEqual([]);
  });

  it("never pays a reward to the booking's own consultant through their referral code", async () => {
    const client = await newClient();
    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date: nextDay(), referralCode: consultant.user.referralCode });
    expect((await atTime(server, afterEnd(booking), () => setStatus(server, consultant, booking.id, "COMPLETED"))).status).toBe(200);
    expect(await server.database.db.select().from(referralRewards).where(eq(referralRewards.bookingId, booking.id))).toEqual([]);
  });
});
