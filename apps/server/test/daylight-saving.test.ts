import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_KIND_LABELS, MSG, clockChanges, type AppNotification, type Booking } from "@vam/shared";
import { openDatabase } from "../src/db/client.js";
import { bookings, daylightSavingNotices, emailOutbox, notifications, users } from "../src/db/schema.js";
import { sweep } from "../src/bookings/sweep.js";
import { changeDay, movedDates, queueDaylightSavingNotices } from "../src/time-zones/notice.js";
import { atTime, bookSeries, type Account } from "./helpers/bookings.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { startMailbox, type Mailbox } from "./helpers/mailbox.js";
import { startServerProcess } from "./helpers/process.js";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The daylight-saving notice (decisions.md, "Time zones"): a weekly series stays on Manila's slot;
 * a week before a client's clocks change, they are told once which dates move in their own time.
 * Los Angeles's clocks go forward on 2027-03-14 (10:00 UTC), London's on 2027-03-28 (01:00 UTC).
 */

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, EMAIL_POLL_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const LA_CHANGE = new Date("2027-03-14T10:00:00Z");
const LONDON_CHANGE = new Date("2027-03-28T01:00:00Z");
/** When the series are booked: weeks before either change. */
const BOOKED_AT = new Date("2027-02-20T02:00:00Z");

async function person(role: "Boss" | "Assistant", timeZone: string | null, firstName = "Ramon") {
  const account = await signUp(server, { role, firstName, lastName: role === "Boss" ? "Aquino" : "Ocampo" });
  await server.database.db.update(users).set({ timeZone }).where(eq(users.id, account.user.id));
  return account;
}

/** A weekly series of `weeks` mornings from `date` (9:00 AM Manila), booked at BOOKED_AT, then confirmed and paid. */
async function series(client: Account, assistant: Account, date: string, weeks: number): Promise<Booking[]> {
  const created = await atTime(server, BOOKED_AT, () => bookSeries(server, client, { consultantId: assistant.user.id, date, weeks }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const ids = created.body.bookings.map((booking) => booking.id);
  await server.database.db.update(bookings).set({ status: "CONFIRMED", paymentStatus: "PAID" }).where(inArray(bookings.id, ids));
  await server.app.searchIndex.settle();
  return created.body.bookings;
}

const notificationsOf = async (account: Account) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body;
const noticesOf = async (account: Account) => (await notificationsOf(account)).filter((notification) => notification.title === MSG.clockChangeTitle);

/** Everything queued so far has gone out: what did not arrive is not coming. */
async function settled() {
  await server.app.emailQueue.idle();
  await server.app.emailQueue.drain();
}
const noticeMailsTo = (account: Account) => mailbox.to(account.input.email).filter((mail) => mail.subject.startsWith("Your clocks change"));

describe("the daylight-saving notice", () => {
  it("tells a client in Los Angeles once, a week before, which weekly dates move, old and new; nobody else", async () => {
    const laClient = await person("Boss", "America/Los_Angeles", "Lorna");
    const manilaClient = await person("Boss", "Asia/Manila", "Mila");
    const kolkataClient = await person("Boss", "Asia/Kolkata", "Kiran");
    const unknownClient = await person("Boss", null, "Nestor");
    const earlyClient = await person("Boss", "America/Los_Angeles", "Erwin");
    // The Assistant reads Los Angeles's clock too, but the slot stays on Manila's for them: nothing.
    const assistant = await person("Assistant", "America/Los_Angeles", "Maricel");
    const others = await Promise.all([1, 2, 3, 4].map(() => person("Assistant", "Asia/Manila", "Ana")));

    // Wednesdays at 9:00 AM Manila: Tuesday 5:00 PM in Los Angeles until the change, 6:00 PM after.
    const across = await series(laClient, assistant, "2027-03-10", 4);
    for (const [i, client] of [manilaClient, kolkataClient, unknownClient].entries()) await series(client, others[i]!, "2027-03-10", 4);
    // The last of these dates is March 10, before the change.
    await series(earlyClient, others[3]!, "2027-02-24", 3);

    // Eight days before: not yet.
    expect((await atTime(server, new Date(LA_CHANGE.getTime() - 8 * 24 * 3600_000), () => sweep(server.app))).daylightSavingNotices).toBe(0);
    expect(await noticesOf(laClient)).toEqual([]);

    // Five days before: one notification and one email, naming the three dates after the change.
    const fiveDaysBefore = new Date(LA_CHANGE.getTime() - 5 * 24 * 3600_000);
    expect((await atTime(server, fiveDaysBefore, () => sweep(server.app))).daylightSavingNotices).toBe(1);
    const moves = [
      "Tue, Mar 16: 5:00 PM → 6:00 PM your time (Wed, Mar 17, 9:00 AM Manila)",
      "Tue, Mar 23: 5:00 PM → 6:00 PM your time (Wed, Mar 24, 9:00 AM Manila)",
      "Tue, Mar 30: 5:00 PM → 6:00 PM your time (Wed, Mar 31, 9:00 AM Manila)",
    ];
    const [notice, ...more] = await noticesOf(laClient);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ type: "BOOKING", content: MSG.clockChangeNotice("Sun, Mar 14", moves), entityId: across[1]!.id });
    expect(notice!.content).not.toContain("Mar 9");

    const mail = await mailbox.waitFor((m) => m.to.includes(laClient.input.email.toLowerCase()) && m.subject.startsWith("Your clocks change"));
    expect(mail.subject).toBe("Your clocks change on Sun, Mar 14: 3 weekly dates move in your time");
    for (const line of [MSG.clockChangeLead("Sun, Mar 14", 3), ...moves]) {
      expect(mail.text).toContain(line);
      expect(mail.html).toContain(line.replace(/'/g, "&#39;"));
    }
    expect(new URL(mail.links.find((link) => link.includes("/unsubscribe"))!).searchParams.get("k")).toBe("daylightSaving");
    expect(mail.text).toContain(EMAIL_KIND_LABELS.daylightSaving);

    // Later sweeps, before and after the change, send nothing more.
    for (const hours of [-96, -1, 1]) {
      expect((await atTime(server, new Date(LA_CHANGE.getTime() + hours * 3600_000), () => sweep(server.app))).daylightSavingNotices).toBe(0);
    }
    await settled();
    expect(await noticesOf(laClient)).toHaveLength(1);
    expect(noticeMailsTo(laClient)).toHaveLength(1);

    // Nobody else: Manila, a zone without daylight saving, an unknown zone, the Assistant, a series over before the change.
    for (const account of [manilaClient, kolkataClient, unknownClient, earlyClient, assistant, ...others]) {
      expect(await noticesOf(account)).toEqual([]);
      expect(noticeMailsTo(account)).toEqual([]);
    }
    const recorded = await server.database.db.select().from(daylightSavingNotices);
    expect(recorded).toEqual([expect.objectContaining({ userId: laClient.user.id, changeAt: LA_CHANGE, dates: 3 })]);
  });

  it("tells a client in London of London's change", async () => {
    const client = await person("Boss", "Europe/London", "Liam");
    const assistant = await person("Assistant", "Asia/Manila", "Maricel");
    // Wednesdays at 9:00 AM Manila: 1:00 AM in London until March 28, 2:00 AM after.
    await series(client, assistant, "2027-03-24", 3);
    const sixDaysBefore = new Date(LONDON_CHANGE.getTime() - 6 * 24 * 3600_000);
    expect((await atTime(server, sixDaysBefore, () => sweep(server.app))).daylightSavingNotices).toBe(1);
    const [notice] = await noticesOf(client);
    expect(notice!.content).toBe(
      MSG.clockChangeNotice("Sun, Mar 28", [
        "Wed, Mar 31: 1:00 AM → 2:00 AM your time (9:00 AM Manila)",
        "Wed, Apr 7: 1:00 AM → 2:00 AM your time (9:00 AM Manila)",
      ]),
    );
    await mailbox.waitFor(
      (m) => m.to.includes(client.input.email.toLowerCase()) && m.subject === "Your clocks change on Sun, Mar 28: 2 weekly dates move in your time",
    );
    expect((await atTime(server, new Date(sixDaysBefore.getTime() + 3600_000), () => sweep(server.app))).daylightSavingNotices).toBe(0);
  });

  it("is sent once when two sweeps run at the same moment, and without the email when the client switched it off", async () => {
    const client = await person("Boss", "America/New_York", "Nina");
    const assistant = await person("Assistant", "Asia/Manila", "Maricel");
    const off = await server.api("PUT", "/api/account/email-settings", { token: client.token, body: { daylightSaving: false } });
    expect(off.status).toBe(200);
    await series(client, assistant, "2027-03-10", 3);
    // New York's clocks go forward on 2027-03-14 at 7:00 UTC.
    const now = new Date("2027-03-12T00:00:00Z");
    const counts = await atTime(server, now, () => Promise.all([queueDaylightSavingNotices(server.app), queueDaylightSavingNotices(server.app)]));
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await noticesOf(client)).toHaveLength(1);
    await settled();
    expect(noticeMailsTo(client)).toEqual([]);
  });
});

describe("movedDates", () => {
  const zone = "America/Los_Angeles";
  const [spring] = clockChanges(zone, "2027-03-01T00:00:00Z", "2027-04-01T00:00:00Z");

  it("finds the change and names its local day", () => {
    expect(spring).toEqual({ at: LA_CHANGE, before: -480, after: -420 });
    expect(changeDay(zone, spring!)).toBe("Sun, Mar 14");
  });

  it("leaves out dates before the change and names the date of a time that crosses midnight", () => {
    const dates = [new Date("2027-03-10T01:00:00Z"), new Date("2027-03-17T07:30:00Z")];
    // 7:30 UTC: 11:30 PM on Tuesday before the change, 12:30 AM on Wednesday after.
    expect(movedDates(zone, spring!, dates).map((date) => date.line)).toEqual([
      "Wed, Mar 17: Tue, Mar 16, 11:30 PM → 12:30 AM your time (3:30 PM Manila)",
    ]);
  });

  it("leaves out a date a later change brings back to its old time", () => {
    const [autumn] = clockChanges(zone, "2027-11-01T00:00:00Z", "2027-11-30T00:00:00Z");
    // Against spring's offsets, a December date reads as it did before spring's change.
    expect(movedDates(zone, spring!, [new Date("2027-12-01T01:00:00Z")])).toEqual([]);
    expect(movedDates(zone, autumn!, [new Date("2027-12-01T01:00:00Z")]).map((date) => date.line)).toEqual([
      "Tue, Nov 30: 6:00 PM → 5:00 PM your time (Wed, Dec 1, 9:00 AM Manila)",
    ]);
  });
});

const databaseUrl = process.env.DATABASE_URL;

// Two real server processes on one PostgreSQL database (.ci/run provides it), sweeping at the same moment.
describe.runIf(databaseUrl)("the daylight-saving notice with two server processes", () => {
  it("is sent once: one record, one notification, one email", async () => {
    const database = await createPostgresDatabase(databaseUrl!);
    const reader = await openDatabase({ url: database.url, poolSize: 2 });
    const env = { DATABASE_URL: database.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000", TEST_CLOCK: "true", SWEEP_INTERVAL_SECONDS: "0" };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const [a, b] = processes;
    const api = async (url: string, method: string, path: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    };
    const account = async (role: "Boss" | "Assistant", timeZone: string) => {
      const input = newUser({ role });
      expect((await api(a!.url, "POST", "/api/auth/register", input)).status).toBe(201);
      const login = await api(a!.url, "POST", "/api/auth/login", { username: input.username, password: input.password });
      await reader.db.update(users).set({ timeZone }).where(eq(users.id, login.body.userInfo.id));
      return login.body as { token: string; userInfo: { id: string } };
    };
    const setClocks = (at: Date) => Promise.all(processes.map((p) => api(p.url, "PUT", "/api/test/clock", { now: at.toISOString() })));
    try {
      const client = await account("Boss", "America/Los_Angeles");
      const assistant = await account("Assistant", "Asia/Manila");
      await setClocks(BOOKED_AT);
      const body = { consultantId: assistant.userInfo.id, date: "2027-03-10", startTime: "09:00", duration: 4, weeks: 4 };
      const created = await api(a!.url, "POST", "/api/bookings/series", body, client.token);
      expect(created.status).toBe(201);
      await reader.db.update(bookings).set({ status: "CONFIRMED", paymentStatus: "PAID" }).where(eq(bookings.clientId, client.userInfo.id));

      await setClocks(new Date(LA_CHANGE.getTime() - 3 * 24 * 3600_000));
      const sweeps = await Promise.all(Array.from({ length: 6 }, (_, i) => api((i % 2 === 0 ? a : b)!.url, "POST", "/api/test/sweep")));
      expect(sweeps.map((s) => s.status)).toEqual(sweeps.map(() => 200));

      const { db } = reader;
      expect(await db.select().from(daylightSavingNotices)).toHaveLength(1);
      const told = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, client.userInfo.id), eq(notifications.title, MSG.clockChangeTitle)));
      expect(told).toHaveLength(1);
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "daylightSaving"))).toHaveLength(1);
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
      await reader.close();
      await database.drop();
    }
  });
});
