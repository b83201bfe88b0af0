import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PAYMENT_REFERENCE_PATTERN,
  type PaymentDetails,
  MSG,
  manilaToday,
  nextSaturday,
  weekdayAhead,
  type AppNotification,
  type Chat,
  type ChatWithMessages,
  type CreateBookingInput,
} from "@vam/shared";
import { bookings } from "../src/db/schema.js";
import { decodeQrPh } from "../src/qrph.js";
import { atTime, book as bookAs, type Account } from "./helpers/bookings.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const book = (client: Account, body: Partial<CreateBookingInput> & { consultantId: string }) => bookAs(server, client, body);
const available = async (consultant: Account, date: string) =>
  (await server.api("GET", `/api/bookings/available?date=${date}&consultantId=${consultant.user.id}`)).body;

async function pair() {
  return {
    client: await signUp(server, { role: "Boss", firstName: "Ramon" }),
    consultant: await signUp(server, { role: "Assistant", firstName: "Maria" }),
  };
}

describe("creating a booking", () => {
  it("stores it as PENDING and unpaid with the server's price, starts the chat and notifies the consultant", async () => {
    const { client, consultant } = await pair();
    const date = weekdayAhead(2);
    const { status, body } = await book(client, { consultantId: consultant.user.id, date, startTime: "13:00", duration: 4, price: 5000 });
    expect(status).toBe(201);
    expect(body.booking).toMatchObject({
      date,
      startTime: "13:00",
      endTime: "17:00",
      duration: 4,
      price: 5000,
      status: "PENDING",
      paymentStatus: "UNVERIFIED",
      consultantId: consultant.user.id,
      user: { id: client.user.id },
    });

    const chats = (await server.api("GET", "/api/chats", { token: client.token })).body;
    expect(chats).toHaveLength(1);
    const messages = async () =>
      (await server.api<ChatWithMessages>("GET", `/api/chats/${chats[0].id}`, { token: consultant.token })).body.messages.map((m) => [
        m.userId,
        m.text,
      ]);
    // Nothing says the booking is confirmed before it is: the assistant's automatic reply waits for the acceptance.
    expect(await messages()).toEqual([[client.user.id, "Hi, I booked just now can you confirm?"]]);
    const notifications = (await server.api("GET", "/api/users/notifications", { token: consultant.token })).body;
    expect(notifications).toContainEqual(expect.objectContaining({ type: "BOOKING", entityId: body.booking.id }));

    const accepted = await server.api("PUT", `/api/bookings/${body.booking.id}/status`, { token: consultant.token, body: { status: "CONFIRMED" } });
    expect(accepted.status).toBe(200);
    expect(await messages()).toEqual([
      [client.user.id, "Hi, I booked just now can you confirm?"],
      [consultant.user.id, "Hello Boss! Confirming your booking."],
    ]);
  });

  it("names the booking in words in the consultant's notification", async () => {
    const client = await signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Villanueva" });
    const consultant = await signUp(server, { role: "Assistant" });
    const { status, body } = await atTime(server, new Date("2026-11-20T02:00:00Z"), () =>
      book(client, { consultantId: consultant.user.id, date: "2026-11-23", startTime: "09:00", duration: 4 }),
    );
    expect(status).toBe(201);
    const notifications = (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: consultant.token })).body;
    expect(notifications.find((n) => n.type === "BOOKING" && n.entityId === body.booking.id)).toMatchObject({
      title: "New booking",
      content: "Ramon Villanueva booked Monday, November 23, 2026 at 9:00 AM for 4 hours.",
    });
  });

  it("marks nothing read on anyone's behalf: the automatic messages leave the chat unread until each opens it", async () => {
    const { client, consultant } = await pair();
    const made = await book(client, { consultantId: consultant.user.id, date: weekdayAhead(2) });
    expect(made.status).toBe(201);
    await server.api("PUT", `/api/bookings/${made.body.booking.id}/status`, { token: consultant.token, body: { status: "CONFIRMED" } });
    const [chat] = (await server.api<Chat[]>("GET", "/api/chats", { token: client.token })).body;
    // The consultant has not opened the chat: the client's message is not "Seen", and it waits as unread.
    expect(chat!.seenBy).not.toContain(consultant.user.id);
    expect(chat!.seenBy).not.toContain(client.user.id);
    const unreadOf = async (account: Account) =>
      (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter(
        (n) => n.type === "MESSAGE" && !n.read,
      );
    expect(await unreadOf(consultant)).toEqual([expect.objectContaining({ chatId: chat!.id, content: "Hi, I booked just now can you confirm?" })]);
    expect(await unreadOf(client)).toEqual([expect.objectContaining({ chatId: chat!.id, content: "Hello Boss! Confirming your booking." })]);

    expect((await server.api("PUT", `/api/chats/read/${chat!.id}`, { token: client.token })).body.seenBy).toEqual([client.user.id]);
    const read = await server.api("PUT", `/api/chats/read/${chat!.id}`, { token: consultant.token });
    expect(read.body.seenBy.sort()).toEqual([client.user.id, consultant.user.id].sort());
    expect(await unreadOf(consultant)).toEqual([]);
  });

  it("prices a full day at rate x 8 and holds both slots", async () => {
    const { client, consultant } = await pair();
    const date = weekdayAhead(3);
    const { body } = await book(client, { consultantId: consultant.user.id, date, duration: 8 });
    expect(body.booking).toMatchObject({ startTime: "09:00", endTime: "17:00", price: 10000 });
    expect(await available(consultant, date)).toEqual([]);
    const booked = await server.api("GET", `/api/bookings/booked/${consultant.user.id}`);
    expect(booked.body).toEqual([
      { date, time: "09:00" },
      { date, time: "13:00" },
    ]);
  });

  it.each([
    ["a weekend", () => ({ date: nextSaturday(manilaToday()) }), 400, MSG.bookingWeekend],
    ["a slot already passed", () => ({ date: "2026-01-05" }), 400, MSG.bookingPast],
    ["a date that does not exist", () => ({ date: "2027-02-30" }), 400, MSG.bookingDateInvalid],
    ["a start outside the slots", () => ({ startTime: "10:00" }), 400, MSG.bookingSlotInvalid],
    ["6 hours", () => ({ duration: 6 }), 400, MSG.bookingDurationInvalid],
    ["8 hours from the afternoon", () => ({ startTime: "13:00", duration: 8 }), 400, MSG.bookingFullDayFromMorning],
    ["a price that is not rate x hours", () => ({ price: 1 }), 400, MSG.bookingPriceMismatch],
    ["an unknown referral code", () => ({ referralCode: "NOSUCH99" }), 400, MSG.referralCodeUnknown],
  ])("refuses %s", async (_name, override, status, message) => {
    const { client, consultant } = await pair();
    const response = await book(client, { consultantId: consultant.user.id, ...(override() as Partial<CreateBookingInput>) });
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });

  it("refuses booking oneself, booking as an Operator, a Boss, an unknown consultant, one's own referral code, and a signed-out request", async () => {
    const { client, consultant } = await pair();
    expect((await book(consultant, { consultantId: consultant.user.id })).body.message).toBe(MSG.bookingSelf);
    const operator = await signUpOperator(server);
    const byOperator = await book(operator, { consultantId: consultant.user.id });
    expect([byOperator.status, byOperator.body.message]).toEqual([403, MSG.bookingNotBookable]);
    expect((await book(consultant, { consultantId: client.user.id })).body.message).toBe(MSG.bookingNotAssistant);
    expect((await book(client, { consultantId: crypto.randomUUID() })).status).toBe(404);
    const own = await book(client, { consultantId: consultant.user.id, referralCode: client.user.referralCode });
    expect(own.body.message).toBe(MSG.bookingReferralOwn);
    const anonymous = await server.api("POST", "/api/bookings/create", {
      body: { consultantId: consultant.user.id, date: weekdayAhead(1), startTime: "09:00", duration: 4 },
    });
    expect(anonymous.status).toBe(401);
    expect(await server.database.db.select().from(bookings).where(eq(bookings.consultantId, consultant.user.id))).toEqual([]);
  });

  it("keeps a valid referral code on the booking", async () => {
    const { client, consultant } = await pair();
    const sharer = await signUp(server, { role: "Sharer" });
    const { status, body } = await book(client, { consultantId: consultant.user.id, referralCode: sharer.user.referralCode.toLowerCase() });
    expect(status).toBe(201);
    const [row] = await server.database.db.select().from(bookings).where(eq(bookings.id, body.booking.id));
    expect(row!.referralCode).toBe(sharer.user.referralCode);
  });
});

describe("availability", () => {
  it("offers both slots of a free weekday, then what is left, and nothing on weekends or past days", async () => {
    const { client, consultant } = await pair();
    const date = weekdayAhead(4);
    expect(await available(consultant, date)).toEqual(["09:00", "13:00"]);
    await book(client, { consultantId: consultant.user.id, date, startTime: "09:00" });
    expect(await available(consultant, date)).toEqual(["13:00"]);
    expect(await available(consultant, nextSaturday(manilaToday()))).toEqual([]);
    expect(await available(consultant, "2026-01-05")).toEqual([]);
  });

  it("answers 409 for a taken slot and for a full day overlapping a half day, either way round", async () => {
    const { client, consultant } = await pair();
    const other = await signUp(server, { role: "Boss" });
    const date = weekdayAhead(5);
    expect((await book(client, { consultantId: consultant.user.id, date, startTime: "13:00" })).status).toBe(201);
    for (const attempt of [{ startTime: "13:00" as const }, { startTime: "09:00" as const, duration: 8 as const }]) {
      const response = await book(other, { consultantId: consultant.user.id, date, ...attempt });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(MSG.bookingSlotTaken);
    }
    const dayAfter = weekdayAhead(6);
    expect((await book(client, { consultantId: consultant.user.id, date: dayAfter, duration: 8 })).status).toBe(201);
    expect((await book(other, { consultantId: consultant.user.id, date: dayAfter, startTime: "13:00" })).status).toBe(409);
  });

  it("frees the slots of a cancelled booking", async () => {
    const { client, consultant } = await pair();
    const date = weekdayAhead(7);
    const { body } = await book(client, { consultantId: consultant.user.id, date, duration: 8 });
    await server.database.db.update(bookings).set({ status: "CANCELLED" }).where(eq(bookings.id, body.booking.id));
    expect(await available(consultant, date)).toEqual(["09:00", "13:00"]);
    expect((await book(client, { consultantId: consultant.user.id, date })).status).toBe(201);
  });

  it("creates exactly one of many simultaneous bookings of the same slot", async () => {
    const consultant = await signUp(server, { role: "Assistant" });
    const clients = await Promise.all(Array.from({ length: 10 }, () => signUp(server, { role: "Boss" })));
    const date = weekdayAhead(8);
    const results = await Promise.all(clients.map((client) => book(client, { consultantId: consultant.user.id, date })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it("describes a consultant for the booking page, and only Assistants", async () => {
    const { client, consultant } = await pair();
    const summary = await server.api("GET", `/api/bookings/consultant/${consultant.user.id}`);
    expect(summary.body).toEqual({ id: consultant.user.id, firstName: "Maria", lastName: consultant.user.lastName, avatar: null, salaryRate: 1250 });
    expect((await server.api("GET", `/api/bookings/consultant/${client.user.id}`)).status).toBe(404);
  });
});

describe("payment details", () => {
  it("come from the server: a QR Ph code of the exact amount and the payment's own reference, the same one when the step is opened again", async () => {
    const { client, consultant } = await pair();
    const open = (duration: number, dates?: number) =>
      server.api<PaymentDetails>("POST", "/api/bookings/payment", {
        token: client.token,
        body: { consultantId: consultant.user.id, duration, ...(dates ? { dates } : {}) },
      });
    const four = await open(4);
    expect(four.status).toBe(200);
    expect(four.body.reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(four.body).toMatchObject({ amountCentavos: 500000, demo: true, accountName: "VA MARKETPLACE DEMO" });
    const code = decodeQrPh(four.body.qrPayload);
    expect(code).toMatchObject({ initiation: "dynamic", amountCentavos: 500000, reference: four.body.reference });
    expect(four.body.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // Reopened: the same payment; another amount: another payment.
    expect((await open(4)).body.reference).toBe(four.body.reference);
    const eight = await open(8);
    expect(eight.body.amountCentavos).toBe(1000000);
    expect(eight.body.reference).not.toBe(four.body.reference);
    expect((await open(4, 3)).body.amountCentavos).toBe(1500000);
    expect((await open(6)).status).toBe(400);
    expect((await server.api("POST", "/api/bookings/payment", { body: { consultantId: consultant.user.id, duration: 4 } })).status).toBe(401);
  });
});
