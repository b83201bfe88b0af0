import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manilaToday, mondayOf, seriesDates, shiftDate } from "@vam/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { bookingSeries, bookings, users } from "../src/db/schema.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { newUser } from "./helpers/server.js";

const databaseUrl = process.env.DATABASE_URL;
const ROUNDS = 8;

// decisions.md, Recurring bookings: a series is made whole or not at all, also when a single
// booking of one of its slots arrives at the same moment through another server process.
describe.runIf(databaseUrl)("a weekly series racing a single booking, on two server processes", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseUrl!);
    const env = { DATABASE_URL: database.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000", SWEEP_INTERVAL_SECONDS: "0" };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await database?.drop();
  });

  async function api(server: ServerProcess, path: string, body: unknown, token?: string, method = "POST") {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(server.url + path, { method, headers, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  }
  async function account(role: "Boss" | "Assistant") {
    const input = newUser({ role });
    expect((await api(a, "/api/auth/register", input)).status).toBe(201);
    return (await api(b, "/api/auth/login", { username: input.username, password: input.password })).body as {
      token: string;
      userInfo: { id: string };
    };
  }

  it("exactly one wins each time, and a losing series leaves nothing behind", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [consultant, seriesClient, singleClient] = await Promise.all([account("Assistant"), account("Boss"), account("Boss")]);
      const first = mondayOf(shiftDate(manilaToday(), 7 * (1 + round)));
      const dates = seriesDates(first, 4);
      const contested = dates[round % 4]!;
      // Which process gets which request alternates, and both leave at once.
      const [seriesServer, singleServer] = round % 2 === 0 ? [a, b] : [b, a];
      const [series, single] = await Promise.all([
        api(
          seriesServer,
          "/api/bookings/series",
          { consultantId: consultant.userInfo.id, date: first, startTime: "09:00", duration: 8, weeks: 4 },
          seriesClient.token,
        ),
        api(
          singleServer,
          "/api/bookings/create",
          { consultantId: consultant.userInfo.id, date: contested, startTime: "13:00", duration: 4 },
          singleClient.token,
        ),
      ]);
      expect([series.status, single.status].sort()).toEqual([201, 409]);
      const held = await db.db.select().from(bookings).where(eq(bookings.consultantId, consultant.userInfo.id));
      const seriesRows = await db.db.select().from(bookingSeries).where(eq(bookingSeries.clientId, seriesClient.userInfo.id));
      if (series.status === 201) {
        outcomes.push("series");
        expect(held.map((row) => row.clientId)).toEqual(dates.map(() => seriesClient.userInfo.id));
        expect(seriesRows).toHaveLength(1);
      } else {
        outcomes.push("single");
        expect(series.body.takenDates).toEqual([contested]);
        expect(held.map((row) => row.clientId)).toEqual([singleClient.userInfo.id]);
        expect(seriesRows).toEqual([]);
      }
    }
    // Both outcomes are legitimate; the test checks each one that happened.
    expect(outcomes).toHaveLength(ROUNDS);
  });

  it("two payment decisions on two dates of one series, at once: one decides for the whole series, the other is told it is decided", async () => {
    const [consultant, client, operator] = await Promise.all([account("Assistant"), account("Boss"), account("Boss")]);
    await db.db.update(users).set({ role: "Operator" }).where(eq(users.id, operator.userInfo.id));
    for (let round = 0; round < 4; round++) {
      const first = mondayOf(shiftDate(manilaToday(), 7 * (1 + round * 4)));
      const made = await api(
        a,
        "/api/bookings/series",
        { consultantId: consultant.userInfo.id, date: first, startTime: "09:00", duration: 4, weeks: 4 },
        client.token,
      );
      expect(made.status).toBe(201);
      const ids = (made.body.bookings as { id: string }[]).map((booking) => booking.id);
      const decisions = await Promise.all([
        api(a, `/api/admin/payments/${ids[0]}`, { status: "PAID" }, operator.token, "PUT"),
        api(b, `/api/admin/payments/${ids[3]}`, { status: "PAID" }, operator.token, "PUT"),
      ]);
      expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
      const rows = await db.db.select().from(bookings).where(eq(bookings.clientId, client.userInfo.id));
      expect(rows.filter((row) => ids.includes(row.id)).map((row) => row.paymentStatus)).toEqual(ids.map(() => "PAID"));
    }
  });
});
