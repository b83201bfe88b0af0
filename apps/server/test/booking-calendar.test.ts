import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manilaInstant, weekdayAhead } from "@vam/shared";
import { bookingIn, reschedule, setStatus, type Account } from "./helpers/bookings.js";
import { parseCalendarFile } from "./helpers/ical.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let client: Account;
let consultant: Account;
beforeAll(async () => {
  server = await startTestServer();
  client = await signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" });
  consultant = await signUp(server, { role: "Assistant", firstName: "María", lastName: "Peña" });
});
afterAll(() => server?.close());

const manila = (date: string, time: string) => manilaInstant(date, time).toISOString();

async function calendarOf(account: Account, id: string) {
  const response = await fetch(`${server.url}/api/bookings/${id}/calendar`, { headers: { authorization: `Bearer ${account.token}` } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("the booking's calendar file", () => {
  it("keeps one UID, raises SEQUENCE on each reschedule, and becomes a cancellation", async () => {
    const date = weekdayAhead(2);
    const booking = await bookingIn(server, client, consultant, "PENDING", { date, startTime: "09:00", duration: 8 });

    const first = await calendarOf(client, booking.id);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="Maria-Pena-${date}.ics"`);
    const original = parseCalendarFile(first.text);
    expect(original).toMatchObject({
      method: "PUBLISH",
      sequence: 0,
      start: manila(date, "09:00"),
      end: manila(date, "17:00"),
      status: "CONFIRMED",
      location: "Online",
      summary: "Morning call meeting with María Peña",
    });

    const later = weekdayAhead(3);
    await reschedule(server, consultant, booking.id, later, "09:00");
    const moved = parseCalendarFile((await calendarOf(client, booking.id)).text);
    expect(moved).toMatchObject({ uid: original.uid, sequence: 1, start: manila(later, "09:00"), end: manila(later, "17:00") });

    await setStatus(server, client, booking.id, "CANCELLED");
    const cancelled = parseCalendarFile((await calendarOf(consultant, booking.id)).text);
    expect(cancelled).toMatchObject({ uid: original.uid, sequence: 2, method: "CANCEL", status: "CANCELLED" });
  });

  it("is named for the other person, and only for the booking's parties", async () => {
    const date = weekdayAhead(4);
    const booking = await bookingIn(server, client, consultant, "CONFIRMED", { date, startTime: "13:00" });
    const forConsultant = await calendarOf(consultant, booking.id);
    expect(forConsultant.headers.get("content-disposition")).toBe(`attachment; filename="Ramon-Reyes-${date}.ics"`);
    expect(parseCalendarFile(forConsultant.text)).toMatchObject({ start: manila(date, "13:00"), end: manila(date, "17:00") });
    const stranger = await signUp(server, { role: "Boss" });
    expect((await calendarOf(stranger, booking.id)).status).toBe(404);
  });
});
