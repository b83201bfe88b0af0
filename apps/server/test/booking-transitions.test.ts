import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, manilaInstant, manilaToday, nextSaturday, weekdayAhead, type AppNotification, type Booking, type BookingStatus } from "@vam/shared";
import { bookings } from "../src/db/schema.js";
import { afterEnd, atTime, bookingIn, reschedule, setStatus, storedBooking, type Account } from "./helpers/bookings.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { collect, connectSocket, settle } from "./helpers/sockets.js";

let server: TestServer;
let client: Account;
let consultant: Account;
let stranger: Account;
beforeAll(async () => {
  server = await startTestServer();
  [client, consultant, stranger] = await Promise.all([
    signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" }),
    signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" }),
    signUp(server, { role: "Assistant", firstName: "Nobody" }),
  ]);
});
afterAll(() => server?.close());

type Party = "consultant" | "client" | "stranger";
type Action = "accept" | "cancel" | "complete" | "reschedule";
const STATUSES: BookingStatus[] = ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"];
const ACTIONS: Action[] = ["accept", "cancel", "complete", "reschedule"];
const PARTIES: Party[] = ["consultant", "client", "stranger"];
const TARGET = { accept: "CONFIRMED", cancel: "CANCELLED", complete: "COMPLETED" } as const;

/**
 * docs/spec/decisions.md, written out: who may do what from which status. Everything else is refused.
 * The bookings here are paid, and completions are tried after the booking's end (the payment
 * and time rules have their own tests in booking-completion.test.ts).
 */
const ALLOWED: Record<BookingStatus, Partial<Record<Action, Party[]>>> = {
  PENDING: { accept: ["consultant"], cancel: ["consultant", "client"], complete: ["consultant"], reschedule: ["consultant", "client"] },
  CONFIRMED: { cancel: ["consultant", "client"], complete: ["consultant"], reschedule: ["consultant", "client"] },
  COMPLETED: {},
  CANCELLED: {},
};

const cases = STATUSES.flatMap((status) =>
  ACTIONS.flatMap((action) =>
    PARTIES.map((party) => {
      const expected = party === "stranger" ? 404 : ALLOWED[status][action]?.includes(party) ? 200 : 409;
      return { status, action, party, expected };
    }),
  ),
);

describe("booking transitions", () => {
  // Every case gets its own booking: slot i of the i-th weekday; reschedules go 30 weekdays further.
  it.each(cases.map((c, index) => ({ ...c, index })))(
    "$status: $action by the $party answers $expected",
    async ({ status, action, party, expected, index }) => {
      const slot = { date: weekdayAhead(1 + Math.floor(index / 2)), startTime: index % 2 === 0 ? ("09:00" as const) : ("13:00" as const) };
      const booking = await bookingIn(server, client, consultant, status, slot);
      const actor = { consultant, client, stranger }[party];
      const newDate = weekdayAhead(31 + Math.floor(index / 2));
      const response =
        action === "reschedule"
          ? await reschedule(server, actor, booking.id, newDate, slot.startTime)
          : action === "complete"
            ? await atTime(server, afterEnd(booking), () => setStatus(server, actor, booking.id, TARGET[action]))
            : await setStatus(server, actor, booking.id, TARGET[action]);

      expect(response.status).toBe(expected);
      const row = await storedBooking(server, booking.id);
      if (expected !== 200) {
        expect(response.body.message).toEqual(expect.any(String));
        expect(response.body.message.length).toBeGreaterThan(10);
        expect(row.status).toBe(status);
        expect(row.startsAt.toISOString()).toBe(manilaInstant(slot.date, slot.startTime).toISOString());
        return;
      }
      if (action === "reschedule") {
        expect(response.body.booking).toMatchObject({ date: newDate, startTime: slot.startTime, status });
        expect(row.sequence).toBe(1);
      } else {
        expect(response.body.booking.status).toBe(TARGET[action]);
        expect(row.status).toBe(TARGET[action]);
      }
      // The other party hears about it.
      const other = party === "client" ? consultant : client;
      const notes = (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: other.token })).body;
      expect(notes.filter((n) => n.type === "BOOKING" && n.entityId === booking.id && n.title !== "New booking")).toHaveLength(1);
    },
  );

  it("names the rule that refused a transition", async () => {
    const pending = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(60) });
    expect((await setStatus(server, client, pending.id, "CONFIRMED")).body.message).toBe(MSG.bookingOnlyConsultant("accept"));
    expect((await atTime(server, afterEnd(pending), () => setStatus(server, client, pending.id, "COMPLETED"))).body.message).toBe(
      MSG.bookingOnlyConsultant("complete"),
    );
    await setStatus(server, consultant, pending.id, "CONFIRMED");
    expect((await setStatus(server, consultant, pending.id, "CONFIRMED")).body.message).toBe(MSG.bookingNotPending);
    await setStatus(server, consultant, pending.id, "CANCELLED");
    expect((await setStatus(server, client, pending.id, "CANCELLED")).body.message).toBe(MSG.bookingFinal("CANCELLED"));
  });

  it("refuses unknown statuses, malformed ids and signed-out requests", async () => {
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(61) });
    for (const status of ["PENDING", "DONE", undefined]) {
      const response = await setStatus(server, consultant, booking.id, status as string);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MSG.bookingStatusInvalid);
    }
    expect((await setStatus(server, consultant, "not-an-id", "CONFIRMED")).status).toBe(404);
    expect((await server.api("PUT", `/api/bookings/${booking.id}/status`, { body: { status: "CONFIRMED" } })).status).toBe(401);
    expect((await storedBooking(server, booking.id)).status).toBe("PENDING");
  });

  it("pushes the change and the notification to the other party's open tabs", async () => {
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(62) });
    const socket = await connectSocket(server.url, client.token);
    const changes = collect(socket, "bookingChanged");
    const notifications = collect(socket, "notification");
    await setStatus(server, consultant, booking.id, "CONFIRMED");
    await settle();
    socket.close();
    expect(changes.map((c) => [c.booking.id, c.booking.status])).toEqual([[booking.id, "CONFIRMED"]]);
    // The booking's notice, and the chat's for the assistant's automatic "Confirming your booking.".
    const booked = notifications.filter((n) => n.notification.type === "BOOKING");
    expect(booked).toHaveLength(1);
    expect(booked[0]!.notification).toMatchObject({ type: "BOOKING", entityId: booking.id, title: "Booking confirmed" });
    expect(booked[0]!.notification.content).toContain("Maria Santos confirmed");
    expect(notifications.filter((n) => n.notification.type === "MESSAGE")).toHaveLength(1);
  });
});

describe("rescheduling", () => {
  it("answers 409 for a slot another booking holds, and keeps both bookings as they were", async () => {
    const date = weekdayAhead(63);
    const taken = await bookingIn(server, client, consultant, "CONFIRMED", { date, startTime: "13:00" });
    const moving = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(64) });
    const response = await reschedule(server, client, moving.id, date, "13:00");
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MSG.bookingSlotTaken);
    expect((await storedBooking(server, moving.id)).sequence).toBe(0);
    // A full day may not cover a half day that is held either.
    const fullDay = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(65), duration: 8 });
    expect((await reschedule(server, client, fullDay.id, date, "09:00")).status).toBe(409);
    expect((await storedBooking(server, taken.id)).status).toBe("CONFIRMED");
  });

  it("counts availability without the booking itself: a full day may move by a day, a half day to its neighbour slot", async () => {
    const date = weekdayAhead(66);
    const half = await bookingIn(server, client, consultant, "PENDING", { date, startTime: "09:00" });
    const moved = await reschedule(server, consultant, half.id, date, "13:00");
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ startTime: "13:00", endTime: "17:00" });
    const fullDay = await bookingIn(server, client, consultant, "CONFIRMED", { date: weekdayAhead(67), duration: 8 });
    const next = await reschedule(server, client, fullDay.id, weekdayAhead(68), "09:00");
    expect(next.body.booking).toMatchObject({ date: weekdayAhead(68), startTime: "09:00", endTime: "17:00", duration: 8 });
    // The same slot again changes nothing and raises no revision.
    const same = await reschedule(server, client, fullDay.id, weekdayAhead(68), "09:00");
    expect(same.status).toBe(200);
    expect((await storedBooking(server, fullDay.id)).sequence).toBe(1);
  });

  it.each<[string, () => string, string, string, number]>([
    ["a weekend", () => nextSaturday(manilaToday()), "09:00", MSG.bookingWeekend, 0],
    ["a past day", () => "2026-01-05", "09:00", MSG.bookingPast, 1],
    ["a date that does not exist", () => "2027-02-30", "09:00", MSG.bookingDateInvalid, 2],
    ["a start outside the slots", () => weekdayAhead(70), "10:00", MSG.bookingSlotInvalid, 3],
  ])("refuses %s with 400", async (_name, date, startTime, message, day) => {
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(100 + day), startTime: "13:00" });
    const response = await reschedule(server, client, booking.id, date(), startTime);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it("keeps a full day in the morning", async () => {
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(71), duration: 8 });
    const response = await reschedule(server, client, booking.id, weekdayAhead(72), "13:00");
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MSG.bookingFullDayFromMorning);
  });

  it("lets exactly one of two simultaneous reschedules into the same slot through, never an overlap", async () => {
    for (let round = 0; round < 5; round++) {
      const target = { date: weekdayAhead(80 + round), startTime: "09:00" };
      const [a, b] = await Promise.all([
        bookingIn(server, client, consultant, "PENDING", { date: weekdayAhead(90 + round), startTime: "09:00" }),
        bookingIn(server, client, consultant, "CONFIRMED", { date: weekdayAhead(90 + round), startTime: "13:00" }),
      ]);
      const results = await Promise.all([
        reschedule(server, client, a!.id, target.date, target.startTime),
        reschedule(server, consultant, b!.id, target.date, target.startTime),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const atTarget = await server.database.db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.consultantId, consultant.user.id),
            eq(bookings.startsAt, manilaInstant(target.date, target.startTime)),
            inArray(bookings.status, ["PENDING", "CONFIRMED"]),
          ),
        );
      expect(atTarget).toHaveLength(1);
    }
  });
});

describe("booking lists", () => {
  it("answers what one booked, what one received, and one booking to its parties only", async () => {
    const boss = await signUp(server, { role: "Boss" });
    const assistant = await signUp(server, { role: "Assistant", firstName: "Ana" });
    const booked = await bookingIn(server, boss, assistant, "PENDING", { date: weekdayAhead(3) });
    const ids = (list: Booking[]) => list.map((b) => b.id);

    expect(ids((await server.api("GET", "/api/bookings/made", { token: boss.token })).body)).toEqual([booked.id]);
    expect(ids((await server.api("GET", "/api/bookings/user?role=client", { token: boss.token })).body)).toEqual([booked.id]);
    expect(ids((await server.api("GET", "/api/bookings/user?role=consultant", { token: boss.token })).body)).toEqual([]);
    const received = (await server.api<Booking[]>("GET", "/api/bookings/user?role=consultant", { token: assistant.token })).body;
    expect(received).toEqual([expect.objectContaining({ id: booked.id, user: expect.objectContaining({ id: boss.user.id }) })]);
    expect((await server.api("GET", "/api/bookings/made", { token: assistant.token })).body).toEqual([]);

    const bad = await server.api("GET", "/api/bookings/user?role=admin", { token: boss.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.bookingViewInvalid);

    expect((await server.api("GET", `/api/bookings/${booked.id}`, { token: assistant.token })).body.booking.id).toBe(booked.id);
    const foreign = await server.api("GET", `/api/bookings/${booked.id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MSG.bookingNotFound);
    expect((await server.api("GET", "/api/bookings/made")).status).toBe(401);
  });
});
