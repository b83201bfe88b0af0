import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSISTANT_RATE,
  MSG,
  manilaInstant,
  seriesDates,
  shiftDate,
  type AdminPayment,
  type AppNotification,
  type Booking,
  type ChatWithMessages,
} from "@vam/shared";
import { sweep } from "../src/bookings/sweep.js";
import { bookingSeries, bookings } from "../src/db/schema.js";
import { atTime, book, bookSeries, mondayIn, reschedule, setStatus, storedBooking, type Account } from "./helpers/bookings.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const assistant = () => signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" });
const boss = () => signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" });
const RATE = ASSISTANT_RATE;
const manila = (date: string, time = "09:00") => manilaInstant(date, time).toISOString();
const notices = async (account: Account, title: string) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter((n) => n.title === title);

async function series(client: Account, consultant: Account, date: string, extra: Record<string, unknown> = {}) {
  const created = await bookSeries(server, client, { consultantId: consultant.user.id, date, ...extra });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.bookings;
}

async function calendarText(account: Account, bookingId: string) {
  const response = await fetch(`${server.url}/api/bookings/${bookingId}/calendar`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Every occurrence a calendar app would show, as ical.js (not our code) expands the file. */
function expand(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  const master = events.find((event) => !event.isRecurrenceException())!;
  for (const exception of events.filter((event) => event.isRecurrenceException())) master.relateException(exception);
  const starts: string[] = [];
  const iterator = master.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = master.getOccurrenceDetails(next);
    starts.push(details.startDate.toJSDate().toISOString());
  }
  return { method: calendar.getFirstPropertyValue("method"), uid: master.uid, starts, status: master.component.getFirstPropertyValue("status") };
}

describe("a weekly series", () => {
  it("is made of one booking a week, each recurring and of one series, listed for both parties", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const first = mondayIn(2);
    const made = await series(client, consultant, first, { price: RATE * 4 * 4 });
    expect(made.map((b) => b.date)).toEqual(seriesDates(first, 4));
    expect(made.map((b) => b.date)).toEqual([first, shiftDate(first, 7), shiftDate(first, 14), shiftDate(first, 21)]);
    const seriesId = made[0]!.seriesId;
    expect(seriesId).toBeTruthy();
    for (const booking of made) {
      expect(booking).toMatchObject({
        isRecurring: true,
        seriesId,
        startTime: "09:00",
        duration: 4,
        price: RATE * 4,
        status: "PENDING",
        paymentStatus: "UNVERIFIED",
      });
    }
    const mine = (await server.api<Booking[]>("GET", "/api/bookings/made", { token: client.token })).body;
    expect(mine.filter((b) => b.seriesId === seriesId)).toHaveLength(4);
    const theirs = (await server.api<Booking[]>("GET", "/api/bookings/user?role=consultant", { token: consultant.token })).body;
    expect(theirs.filter((b) => b.isRecurring)).toHaveLength(4);
    // One notification and one automatic message for the whole series; the reply comes with the acceptance.
    expect(await notices(consultant, "New weekly booking")).toHaveLength(1);
    const [listed] = (await server.api<{ id: string }[]>("GET", "/api/chats", { token: client.token })).body;
    const texts = async () =>
      (await server.api<ChatWithMessages>("GET", `/api/chats/${listed!.id}`, { token: client.token })).body.messages.map((m) => m.text);
    expect(await texts()).toEqual(["Hi, I booked just now can you confirm?"]);
    expect((await server.api("PUT", `/api/bookings/series/${seriesId}/accept`, { token: consultant.token })).status).toBe(200);
    expect(await texts()).toEqual(["Hi, I booked just now can you confirm?", "Hello Boss! Confirming your booking."]);
  });

  it("lasts 2 to 12 weeks: 1 and 13 are refused, 2 and 12 are made", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    for (const weeks of [1, 13, 2.5]) {
      const refused = await bookSeries(server, client, { consultantId: consultant.user.id, date: mondayIn(1), weeks });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: MSG.seriesWeeksInvalid, field: "weeks" });
    }
    expect(await series(client, consultant, mondayIn(1), { weeks: 2 })).toHaveLength(2);
    // Twelve more would hold 14 unpaid dates (at most 12 may wait for payment): another client books them.
    const unpaidCap = await bookSeries(server, client, {
      consultantId: consultant.user.id,
      date: shiftDate(mondayIn(1), 1),
      weeks: 12,
      startTime: "13:00",
    });
    expect(unpaidCap.status).toBe(400);
    expect(unpaidCap.body.message).toBe(MSG.bookingUnpaidDatesCap(2));
    const other = await boss();
    const twelve = await series(other, consultant, shiftDate(mondayIn(1), 1), { weeks: 12, startTime: "13:00" });
    expect(twelve).toHaveLength(12);
    expect(twelve[11]!.date).toBe(shiftDate(shiftDate(mondayIn(1), 1), 77));
    const stored = await server.database.db.select().from(bookings).where(eq(bookings.clientId, other.user.id));
    expect(stored).toHaveLength(12);
  });

  it("is made whole or not at all: a 409 lists the taken dates, and the client may leave them out", async () => {
    const [consultant, client, other] = await Promise.all([assistant(), boss(), boss()]);
    const first = mondayIn(3);
    const dates = seriesDates(first, 4);
    // Someone else holds the third Monday's afternoon and a full day on the fourth.
    expect((await book(server, other, { consultantId: consultant.user.id, date: dates[2]!, startTime: "13:00" })).status).toBe(201);
    expect((await book(server, other, { consultantId: consultant.user.id, date: dates[3]!, startTime: "09:00", duration: 8 })).status).toBe(201);

    // Mornings: only the fourth is taken (the afternoon booking does not reach the morning).
    const mornings = await bookSeries(server, client, { consultantId: consultant.user.id, date: first });
    expect(mornings.status).toBe(409);
    expect(mornings.body).toEqual({ message: MSG.seriesDatesTaken([dates[3]!]), takenDates: [dates[3]] });
    // Full days: the third and the fourth.
    const fullDays = await bookSeries(server, client, { consultantId: consultant.user.id, date: first, duration: 8 });
    expect(fullDays.status).toBe(409);
    expect(fullDays.body.takenDates).toEqual([dates[2], dates[3]]);
    // Nothing of either was made.
    expect(await server.database.db.select().from(bookings).where(eq(bookings.clientId, client.user.id))).toEqual([]);
    expect(await server.database.db.select().from(bookingSeries).where(eq(bookingSeries.clientId, client.user.id))).toEqual([]);

    // Leaving them out makes the rest, priced for the dates made.
    const wrongPrice = await bookSeries(server, client, {
      consultantId: consultant.user.id,
      date: first,
      duration: 8,
      skipDates: [dates[2]!, dates[3]!],
      price: RATE * 8 * 4,
    });
    expect(wrongPrice.status).toBe(400);
    expect(wrongPrice.body).toMatchObject({ message: MSG.bookingPriceMismatch, field: "price" });
    const made = await series(client, consultant, first, { duration: 8, skipDates: [dates[2]!, dates[3]!], price: RATE * 8 * 2 });
    expect(made.map((b) => b.date)).toEqual([dates[0], dates[1]]);
  });

  it("refuses dates left out that are not its own, and fewer than 2 dates", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const first = mondayIn(1);
    const foreign = await bookSeries(server, client, { consultantId: consultant.user.id, date: first, skipDates: [shiftDate(first, 1)] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ message: MSG.seriesSkipInvalid, field: "skipDates" });
    const one = await bookSeries(server, client, { consultantId: consultant.user.id, date: first, weeks: 2, skipDates: [shiftDate(first, 7)] });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ message: MSG.seriesTooFew, field: "skipDates" });
  });

  it("counts as one payment against the unpaid cap", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    await series(client, consultant, mondayIn(1), { weeks: 6 });
    // A series of 6 dates and two bookings: three payments waiting, the cap.
    expect((await book(server, client, { consultantId: consultant.user.id, date: shiftDate(mondayIn(1), 1) })).status).toBe(201);
    await series(client, consultant, shiftDate(mondayIn(1), 2), { weeks: 3 });
    const capped = await book(server, client, { consultantId: consultant.user.id, date: shiftDate(mondayIn(1), 3) });
    expect(capped.status).toBe(400);
    expect(capped.body.message).toBe(MSG.bookingUnpaidCap);
    const cappedSeries = await bookSeries(server, client, { consultantId: consultant.user.id, date: shiftDate(mondayIn(1), 3) });
    expect(cappedSeries.status).toBe(400);
  });
});

describe("managing a series", () => {
  it("the Assistant accepts every pending date at once; the client cannot; one notification", async () => {
    const [consultant, client, stranger] = await Promise.all([assistant(), boss(), boss()]);
    const made = await series(client, consultant, mondayIn(1));
    const seriesId = made[0]!.seriesId!;
    // One date was already declined: it stays cancelled.
    expect((await setStatus(server, consultant, made[1]!.id, "CANCELLED")).status).toBe(200);

    expect((await server.api("PUT", `/api/bookings/series/${seriesId}/accept`, { token: client.token })).body.message).toBe(MSG.seriesOnlyConsultant);
    expect((await server.api("PUT", `/api/bookings/series/${seriesId}/accept`, { token: stranger.token })).status).toBe(404);

    const accepted = await server.api<{ bookings: Booking[] }>("PUT", `/api/bookings/series/${seriesId}/accept`, { token: consultant.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.bookings.map((b) => [b.date, b.status])).toEqual([
      [made[0]!.date, "CONFIRMED"],
      [made[2]!.date, "CONFIRMED"],
      [made[3]!.date, "CONFIRMED"],
    ]);
    expect((await storedBooking(server, made[1]!.id)).status).toBe("CANCELLED");
    const told = await notices(client, "Weekly booking confirmed");
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain("confirmed 3 weekly dates");

    const again = await server.api("PUT", `/api/bookings/series/${seriesId}/accept`, { token: consultant.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.seriesNothingToAccept);
  });

  it("one date is moved or cancelled alone; the rest is cancelled at once with one message and one notification", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const made = await series(client, consultant, mondayIn(1), { weeks: 5 });
    const seriesId = made[0]!.seriesId!;
    // The client moves the second date to the Tuesday; the Assistant cancels the third.
    const tuesday = shiftDate(made[1]!.date, 1);
    const moved = await reschedule(server, client, made[1]!.id, tuesday, "13:00");
    expect(moved.body.booking).toMatchObject({ date: tuesday, startTime: "13:00", seriesId, isRecurring: true });
    expect((await setStatus(server, consultant, made[2]!.id, "CANCELLED")).status).toBe(200);

    // The first date is over by the time the client cancels the rest: it stays.
    const afterFirst = new Date(Date.parse(made[0]!.endsAt) + 60_000);
    const cancelled = await atTime(server, afterFirst, () =>
      server.api<{ bookings: Booking[] }>("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: client.token }),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.bookings.map((b) => b.id)).toEqual([made[1]!.id, made[3]!.id, made[4]!.id]);
    expect(cancelled.body.bookings.every((b) => b.status === "CANCELLED" && b.cancelReason === "CLIENT")).toBe(true);
    expect((await storedBooking(server, made[0]!.id)).status).toBe("PENDING");

    const told = await notices(consultant, "Weekly booking cancelled");
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain("cancelled the remaining 3 weekly dates");
    const [listed] = (await server.api<{ id: string }[]>("GET", "/api/chats", { token: consultant.token })).body;
    const chat = (await server.api<ChatWithMessages>("GET", `/api/chats/${listed!.id}`, { token: consultant.token })).body;
    const texts = chat.messages.map((m) => m.text);
    expect(texts.filter((text) => text.startsWith("I've canceled the rest of our weekly bookings"))).toHaveLength(1);

    const again = await atTime(server, afterFirst, () => server.api("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: consultant.token }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.seriesNothingToCancel);
  });

  it("the Assistant may cancel the rest too; strangers learn nothing", async () => {
    const [consultant, client, stranger] = await Promise.all([assistant(), boss(), boss()]);
    const made = await series(client, consultant, mondayIn(2), { weeks: 2 });
    const seriesId = made[0]!.seriesId!;
    expect((await server.api("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: stranger.token })).status).toBe(404);
    expect((await server.api("PUT", `/api/bookings/series/${crypto.randomUUID()}/cancel`, { token: client.token })).status).toBe(404);
    const cancelled = await server.api<{ bookings: Booking[] }>("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: consultant.token });
    expect(cancelled.body.bookings.map((b) => b.cancelReason)).toEqual(["CONSULTANT", "CONSULTANT"]);
    expect(await notices(client, "Weekly booking cancelled")).toHaveLength(1);
  });
});

describe("a series is one payment", () => {
  it("is listed once for the operator with its total, and one decision covers every date", async () => {
    const [consultant, client, operator] = await Promise.all([assistant(), boss(), signUpOperator(server)]);
    const made = await series(client, consultant, mondayIn(1), { weeks: 3 });
    const single = (await book(server, client, { consultantId: consultant.user.id, date: shiftDate(mondayIn(1), 1) })).body.booking;
    const answer = await server.api<AdminPayment[]>("GET", `/api/admin/payments?q=${client.input.username}`, { token: operator.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const listed = answer.body;
    const mine = listed.filter((p) => p.client.id === client.user.id);
    expect(mine.map((p) => [p.id, p.amount, p.seriesDates])).toEqual([
      [made[0]!.id, RATE * 4 * 3, 3],
      [single.id, RATE * 4, null],
    ]);

    const decided = await server.api("PUT", `/api/admin/payments/${made[0]!.id}`, { token: operator.token, body: { status: "PAID" } });
    expect(decided.status).toBe(200);
    for (const booking of made) expect((await storedBooking(server, booking.id)).paymentStatus).toBe("PAID");
    expect((await storedBooking(server, single.id)).paymentStatus).toBe("UNVERIFIED");
    const received = await notices(client, "Payment received");
    expect(received).toHaveLength(1);
    expect(received[0]!.content).toContain("for the 3 weekly dates from");
  });

  it("rejected, every date waiting is cancelled", async () => {
    const [consultant, client, operator] = await Promise.all([assistant(), boss(), signUpOperator(server)]);
    const made = await series(client, consultant, mondayIn(2), { weeks: 2 });
    await server.api("PUT", `/api/admin/payments/${made[1]!.id}`, { token: operator.token, body: { status: "REJECTED" } });
    for (const booking of made)
      expect(await storedBooking(server, booking.id)).toMatchObject({ status: "CANCELLED", cancelReason: "PAYMENT_REJECTED" });
  });

  it("expires at once when unpaid: every date cancelled, one notification each party", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const made = await series(client, consultant, mondayIn(3), { weeks: 4 });
    const due = new Date(Date.parse(made[0]!.createdAt) + 24 * 3600_000 + 1000);
    const result = await atTime(server, due, () => sweep(server.app));
    expect(result.expired).toEqual(expect.arrayContaining(made.map((b) => b.id)));
    for (const booking of made) expect((await storedBooking(server, booking.id)).cancelReason).toBe("PAYMENT_EXPIRED");
    for (const party of [client, consultant]) {
      const told = (await notices(party, "Booking cancelled")).filter((n) => made.some((b) => b.id === n.entityId));
      expect(told).toHaveLength(1);
      expect(told[0]!.content).toContain("The 4 weekly dates from");
    }
  });
});

describe("the calendar file of a series", () => {
  it("is one weekly event that ical.js expands to exactly the live dates: cancelled ones excluded, a moved one in its new place", async () => {
    const [consultant, client, other] = await Promise.all([assistant(), boss(), boss()]);
    const first = mondayIn(2);
    const dates = seriesDates(first, 6);
    // The sixth date is taken, so the series is made without it.
    await book(server, other, { consultantId: consultant.user.id, date: dates[5]! });
    const made = await series(client, consultant, first, { weeks: 6, skipDates: [dates[5]!] });

    const fresh = expand(await calendarText(client, made[0]!.id));
    expect(fresh.method).toBe("PUBLISH");
    expect(fresh.starts).toEqual(dates.slice(0, 5).map((date) => manila(date)));
    const text = await calendarText(client, made[0]!.id);
    expect(text).toContain("RRULE:FREQ=WEEKLY;COUNT=6");

    // Cancel the third, move the second to Wednesday afternoon.
    await setStatus(server, client, made[2]!.id, "CANCELLED");
    const wednesday = shiftDate(dates[1]!, 2);
    await reschedule(server, consultant, made[1]!.id, wednesday, "13:00");
    const changed = expand(await calendarText(consultant, made[3]!.id));
    expect(changed.uid).toBe(fresh.uid);
    expect(changed.starts.sort()).toEqual([manila(dates[0]!), manila(wednesday, "13:00"), manila(dates[3]!), manila(dates[4]!)].sort());
    // The moved date replaces its week (RECURRENCE-ID), and SEQUENCE rose.
    const parsed = new ICAL.Component(ICAL.parse(await calendarText(client, made[0]!.id)));
    const [master, exception] = parsed.getAllSubcomponents("vevent");
    expect(exception!.getFirstPropertyValue("recurrence-id")!.toString()).toBe(ICAL.Time.fromJSDate(new Date(manila(dates[1]!)), true).toString());
    expect(Number(master!.getFirstPropertyValue("sequence"))).toBe(2);

    // Once every date is cancelled, the file cancels the event.
    await setStatus(server, client, made[0]!.id, "CANCELLED");
    await setStatus(server, client, made[1]!.id, "CANCELLED");
    await setStatus(server, client, made[3]!.id, "CANCELLED");
    await setStatus(server, client, made[4]!.id, "CANCELLED");
    const gone = expand(await calendarText(client, made[0]!.id));
    expect(gone).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: fresh.uid });
  });
});
