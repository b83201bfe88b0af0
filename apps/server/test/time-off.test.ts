import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MSG,
  bookingHorizonEnd,
  isWeekend,
  manilaInstant,
  manilaToday,
  shiftDate,
  type BookedSlot,
  type ConflictingBooking,
  type ProfilePage,
  type TimeOffOverview,
  type TimeOffView,
} from "@vam/shared";
import { eq } from "drizzle-orm";
import { bookings, timeOff, users } from "../src/db/schema.js";
import { regularHolidays } from "../src/time-off/holidays.js";
import { book, bookSeries, bookingIn, mondayIn, reschedule, setStatus, type Account } from "./helpers/bookings.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const assistant = () => signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" });
const boss = () => signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" });

const block = (account: Account, body: Record<string, unknown>) =>
  server.api<{ timeOff: TimeOffView; message: string; bookings?: ConflictingBooking[] }>("POST", "/api/time-off", { token: account.token, body });
const overview = async (account: Account) => (await server.api<TimeOffOverview>("GET", "/api/time-off", { token: account.token })).body;
const free = async (consultant: Account, date: string) =>
  (await server.api<string[]>("GET", `/api/bookings/available?date=${date}&consultantId=${consultant.user.id}`)).body;
const held = async (consultant: Account) => (await server.api<BookedSlot[]>("GET", `/api/bookings/booked/${consultant.user.id}`)).body;
const availableOn = async (consultant: Account, date: string, slot?: "Morning" | "Afternoon") => {
  const query = new URLSearchParams({ userName: consultant.input.username, date, ...(slot ? { slot } : {}) });
  await server.app.searchIndex.settle();
  const page = await server.api<ProfilePage>("GET", `/api/profiles/posts?${query.toString()}`);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.items.some((item) => item.userId === consultant.user.id);
};

describe("time off", () => {
  it("blocks every slot of a range of dates everywhere a client could book it", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    expect((await server.api("POST", "/api/profiles/profile", { token: consultant.token })).status).toBe(201);
    const monday = mondayIn(3);
    const friday = shiftDate(monday, 4);
    const added = await block(consultant, { from: monday, to: friday, note: "Family trip to Bohol" });
    expect(added.status).toBe(201);
    expect(added.body.timeOff).toMatchObject({ from: monday, to: friday, slot: null, note: "Family trip to Bohol" });
    expect((await overview(consultant)).blocks).toEqual([added.body.timeOff]);

    const wednesday = shiftDate(monday, 2);
    expect(await free(consultant, wednesday)).toEqual([]);
    expect(await free(consultant, shiftDate(monday, 7))).toEqual(["09:00", "13:00"]);
    const slots = await held(consultant);
    expect(slots.filter((slot) => slot.off).map((slot) => `${slot.date} ${slot.time}`)).toEqual(
      [0, 1, 2, 3, 4].flatMap((day) => [`${shiftDate(monday, day)} 09:00`, `${shiftDate(monday, day)} 13:00`]),
    );
    // Nobody but the Assistant reads the note.
    expect(JSON.stringify(slots)).not.toContain("Bohol");

    const refused = await book(server, client, { consultantId: consultant.user.id, date: wednesday, startTime: "13:00" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.bookingTimeOff);
    const series = await bookSeries(server, client, { consultantId: consultant.user.id, date: shiftDate(monday, -14), weeks: 4 });
    expect(series.status).toBe(409);
    expect(series.body.takenDates).toEqual([monday]);
    const booked = await bookingIn(server, client, consultant, "CONFIRMED", { date: shiftDate(monday, 7) });
    const moved = await reschedule(server, client, booked.id, friday);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(MSG.bookingTimeOff);

    expect(await availableOn(consultant, wednesday)).toBe(false);
    expect(await availableOn(consultant, shiftDate(monday, 8))).toBe(true);
  });

  it("blocks one slot of one date: the other slot stays bookable, a full day over it does not", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    expect((await server.api("POST", "/api/profiles/profile", { token: consultant.token })).status).toBe(201);
    const date = shiftDate(mondayIn(1), 1);
    expect((await block(consultant, { from: date, to: date, slot: "13:00" })).status).toBe(201);
    expect(await free(consultant, date)).toEqual(["09:00"]);
    expect((await book(server, client, { consultantId: consultant.user.id, date, duration: 8 })).body.message).toBe(MSG.bookingTimeOff);
    expect(await availableOn(consultant, date, "Afternoon")).toBe(false);
    expect(await availableOn(consultant, date, "Morning")).toBe(true);
    expect((await book(server, client, { consultantId: consultant.user.id, date, startTime: "09:00" })).status).toBe(201);
  });

  it("is refused over pending or confirmed bookings, listing them; a cancelled one is no obstacle", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const monday = mondayIn(3);
    const pending = await bookingIn(server, client, consultant, "PENDING", { date: shiftDate(monday, 1), startTime: "13:00" });
    const confirmed = await bookingIn(server, client, consultant, "CONFIRMED", { date: shiftDate(monday, 3), duration: 8 });
    const cancelled = await bookingIn(server, client, consultant, "PENDING", { date: shiftDate(monday, 2) });
    await setStatus(server, client, cancelled.id, "CANCELLED");

    const refused = await block(consultant, { from: monday, to: shiftDate(monday, 4) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: MSG.timeOffOverBookings(2),
      bookings: [
        { id: pending.id, date: shiftDate(monday, 1), startTime: "13:00", endTime: "17:00", clientName: "Ramon Reyes" },
        { id: confirmed.id, date: shiftDate(monday, 3), startTime: "09:00", endTime: "17:00", clientName: "Ramon Reyes" },
      ],
    });
    // The morning of the Tuesday is free (its booking is the afternoon), the afternoon of the Thursday is not.
    expect((await block(consultant, { from: shiftDate(monday, 1), to: shiftDate(monday, 1), slot: "09:00" })).status).toBe(201);
    expect((await block(consultant, { from: shiftDate(monday, 3), to: shiftDate(monday, 3), slot: "13:00" })).status).toBe(409);
    expect((await block(consultant, { from: shiftDate(monday, 2), to: shiftDate(monday, 2) })).status).toBe(201);
    expect((await overview(consultant)).blocks).toHaveLength(2);
  });

  it("is the Assistant's alone, within today and the booking horizon, and says what is wrong", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const today = manilaToday(server.app.clock.now());
    const monday = mondayIn(1);
    expect((await block(client, { from: monday, to: monday })).status).toBe(403);
    expect((await server.api("GET", "/api/time-off", { token: client.token })).status).toBe(403);
    expect((await server.api("GET", "/api/time-off")).status).toBe(401);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: shiftDate(monday, 2), to: monday }, MSG.timeOffRangeInvalid, "to"],
      [{ from: monday, to: shiftDate(monday, 1), slot: "09:00" }, MSG.timeOffSlotOneDay, "slot"],
      [{ from: monday, to: monday, slot: "10:00" }, MSG.timeOffSlotInvalid, "slot"],
      [{ from: shiftDate(today, -1), to: monday }, MSG.timeOffPast, "from"],
      [{ from: monday, to: shiftDate(bookingHorizonEnd(today), 1) }, MSG.timeOffBeyondHorizon, "to"],
      [{ from: monday, to: monday, note: "x".repeat(201) }, MSG.timeOffNoteTooLong, "note"],
      [{ from: "2026-02-30", to: monday }, MSG.bookingDateInvalid, "from"],
    ];
    for (const [body, message, field] of cases) {
      const refused = await block(consultant, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ message, field });
    }
  });

  it("is removed by its owner only, and the time is bookable again", async () => {
    const [consultant, other, client] = await Promise.all([assistant(), assistant(), boss()]);
    const date = shiftDate(mondayIn(2), 4);
    const { timeOff } = (await block(consultant, { from: date, to: date })).body;
    expect((await server.api("DELETE", `/api/time-off/${timeOff.id}`, { token: other.token })).status).toBe(404);
    expect(await free(consultant, date)).toEqual([]);
    const removed = await server.api("DELETE", `/api/time-off/${timeOff.id}`, { token: consultant.token });
    expect(removed.body).toEqual({ message: MSG.timeOffRemoved });
    expect(await free(consultant, date)).toEqual(["09:00", "13:00"]);
    expect((await book(server, client, { consultantId: consultant.user.id, date })).status).toBe(201);
    expect((await server.api("DELETE", `/api/time-off/${timeOff.id}`, { token: consultant.token })).status).toBe(404);
  });
});

describe('search\'s "available on" and held time', () => {
  it("follows bookings, blocks and the holiday switch written by anyone, through the database's change log", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    expect((await server.api("POST", "/api/profiles/profile", { token: consultant.token })).status).toBe(201);
    const date = shiftDate(mondayIn(4), 2);
    const { db } = server.database;
    const settled = async () => {
      await server.app.searchIndex.settle();
      return availableOn(consultant, date, "Morning");
    };
    expect(await settled()).toBe(true);

    // Rows written straight into the database, as another instance or a script would.
    const [block] = await db.insert(timeOff).values({ assistantId: consultant.user.id, startsOn: date, endsOn: date, slot: "09:00" }).returning();
    expect(await settled()).toBe(false);
    await db.delete(timeOff).where(eq(timeOff.id, block!.id));
    expect(await settled()).toBe(true);

    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date, startTime: "09:00" });
    expect(await settled()).toBe(false);
    await db.update(bookings).set({ status: "CANCELLED" }).where(eq(bookings.id, booking.id));
    expect(await settled()).toBe(true);
    await db.update(bookings).set({ status: "PENDING" }).where(eq(bookings.id, booking.id));
    expect(await settled()).toBe(false);
    await db
      .update(bookings)
      .set({ startsAt: manilaInstant(date, "13:00"), endsAt: manilaInstant(date, "17:00") })
      .where(eq(bookings.id, booking.id));
    expect(await settled()).toBe(true);
  });
});

describe("Philippine regular holidays as time off", () => {
  const today = () => manilaToday();
  // The next regular holiday on a weekday, from the holiday library (not a list of ours).
  const nextHoliday = () => regularHolidays(shiftDate(today(), 2), bookingHorizonEnd(today())).find((h) => !isWeekend(h.date))!;

  it("switched on, makes every regular holiday unbookable; switched off, bookable again", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    expect((await server.api("POST", "/api/profiles/profile", { token: consultant.token })).status).toBe(201);
    const holiday = nextHoliday();
    const before = await overview(consultant);
    expect(before.holidaysOff).toBe(false);
    expect(before.holidays.map((h) => h.date)).toContain(holiday.date);
    expect(before.holidays.every((h) => !isWeekend(h.date))).toBe(true);
    expect(await free(consultant, holiday.date)).not.toEqual([]);

    const on = await server.api<TimeOffOverview>("PUT", "/api/time-off/holidays", { token: consultant.token, body: { on: true } });
    expect(on.body.holidaysOff).toBe(true);
    expect(await free(consultant, holiday.date)).toEqual([]);
    expect((await held(consultant)).filter((slot) => slot.date === holiday.date)).toEqual([
      { date: holiday.date, time: "09:00", off: true },
      { date: holiday.date, time: "13:00", off: true },
    ]);
    expect((await book(server, client, { consultantId: consultant.user.id, date: holiday.date })).body.message).toBe(MSG.bookingTimeOff);
    expect(await availableOn(consultant, holiday.date)).toBe(false);

    await server.api("PUT", "/api/time-off/holidays", { token: consultant.token, body: { on: false } });
    expect(await availableOn(consultant, holiday.date)).toBe(true);
    // The switch written behind the server's back reaches the search too (the users trigger logs it).
    await server.database.db.update(users).set({ holidaysOff: true }).where(eq(users.id, consultant.user.id));
    await server.app.searchIndex.settle();
    expect(await availableOn(consultant, holiday.date)).toBe(false);
    await server.database.db.update(users).set({ holidaysOff: false }).where(eq(users.id, consultant.user.id));
    await server.app.searchIndex.settle();
    expect((await book(server, client, { consultantId: consultant.user.id, date: holiday.date })).status).toBe(201);
  });

  it("cannot be switched on over a booking on a holiday", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    const holiday = nextHoliday();
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: holiday.date, startTime: "13:00" });
    const refused = await server.api("PUT", "/api/time-off/holidays", { token: consultant.token, body: { on: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.bookings.map((b: ConflictingBooking) => b.id)).toEqual([booking.id]);
    expect((await overview(consultant)).holidaysOff).toBe(false);
    const invalid = await server.api("PUT", "/api/time-off/holidays", { token: consultant.token, body: { on: "yes" } });
    expect(invalid.body).toMatchObject({ message: MSG.holidaysSwitchInvalid, field: "on" });
    const badChoice = await server.api("PUT", "/api/time-off/holidays", { token: consultant.token, body: { on: true, keepBooked: "yes" } });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body).toMatchObject({ message: MSG.holidaysSwitchInvalid, field: "keepBooked" });
  });

  it("names the holidays that hold bookings; asked to, takes every other holiday off and keeps those as working days", async () => {
    const [consultant, client] = await Promise.all([assistant(), boss()]);
    expect((await server.api("POST", "/api/profiles/profile", { token: consultant.token })).status).toBe(201);
    const [kept, other] = regularHolidays(shiftDate(today(), 2), bookingHorizonEnd(today())).filter((h) => !isWeekend(h.date));
    const booking = await bookingIn(server, client, consultant, "PENDING", { date: kept!.date, startTime: "13:00" });
    const listed = { id: booking.id, date: kept!.date, startTime: "13:00", endTime: "17:00", clientName: "Ramon Reyes" };
    const switchOn = (body: Record<string, unknown>) =>
      server.api<TimeOffOverview & { message: string; bookedHolidays: unknown }>("PUT", "/api/time-off/holidays", { token: consultant.token, body });

    // A plain "on" changes nothing and says which holiday holds which booking.
    const refused = await switchOn({ on: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: MSG.holidaysOverBookings(1),
      bookings: [listed],
      bookedHolidays: [{ date: kept!.date, name: kept!.name, bookings: [listed] }],
    });
    expect(await overview(consultant)).toMatchObject({ holidaysOff: false, keptHolidays: [] });

    const chosen = await switchOn({ on: true, keepBooked: true });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ holidaysOff: true, keptHolidays: [{ date: kept!.date, name: kept!.name, bookings: [listed] }] });
    expect((await overview(consultant)).keptHolidays).toEqual([{ date: kept!.date, name: kept!.name, bookings: [listed] }]);

    // Every other holiday is time off; the kept one is a working day like any other.
    expect(await free(consultant, other!.date)).toEqual([]);
    expect((await book(server, client, { consultantId: consultant.user.id, date: other!.date })).body.message).toBe(MSG.bookingTimeOff);
    expect(await availableOn(consultant, other!.date)).toBe(false);
    expect(await free(consultant, kept!.date)).toEqual(["09:00"]);
    expect((await held(consultant)).filter((slot) => slot.date === kept!.date && slot.off)).toEqual([]);
    expect(await availableOn(consultant, kept!.date, "Morning")).toBe(true);
    const morning = await book(server, client, { consultantId: consultant.user.id, date: kept!.date, startTime: "09:00" });
    expect(morning.status).toBe(201);

    // The booking that kept it cancelled, the holiday stays kept (set when the switch was), and says it.
    await setStatus(server, client, booking.id, "CANCELLED");
    const after = await overview(consultant);
    expect(after.keptHolidays.map((h) => [h.date, h.bookings.map((b) => b.startTime)])).toEqual([[kept!.date, ["09:00"]]]);

    // Off, nothing is kept; on again over the morning's booking, it is named again.
    expect((await switchOn({ on: false })).body).toMatchObject({ holidaysOff: false, keptHolidays: [] });
    expect((await switchOn({ on: true })).body.message).toBe(MSG.holidaysOverBookings(1));
  });
});
