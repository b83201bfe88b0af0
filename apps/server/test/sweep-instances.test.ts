import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayAhead } from "@vam/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { bookings, notifications } from "../src/db/schema.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { newUser } from "./helpers/server.js";

const databaseUrl = process.env.DATABASE_URL;
const HOLDS = 40;

// Two real server processes on one PostgreSQL database (.ci/run provides it).
describe.runIf(databaseUrl)("the hold sweep with two server processes", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseUrl!);
    // The test makes both processes sweep at the same moment (their timers are off, so every expiry is counted).
    const env = { DATABASE_URL: database.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000", TEST_CLOCK: "true", SWEEP_INTERVAL_SECONDS: "0" };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await database?.drop();
  });

  async function api(server: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  }
  async function account(role: "Boss" | "Assistant") {
    const input = newUser({ role });
    expect((await api(a, "POST", "/api/auth/register", input)).status).toBe(201);
    return (await api(a, "POST", "/api/auth/login", { username: input.username, password: input.password })).body as {
      token: string;
      userInfo: { id: string };
    };
  }

  it("expires each overdue hold exactly once: one cancellation, two notifications", async () => {
    const consultant = await account("Assistant");
    const ids: string[] = [];
    let token = "";
    for (let i = 0; i < HOLDS; i++) {
      // A client may hold 3 unpaid bookings: a new client every 3.
      if (i % 3 === 0) token = (await account("Boss")).token;
      const created = await api(
        i % 2 === 0 ? a : b,
        "POST",
        "/api/bookings/create",
        { consultantId: consultant.userInfo.id, date: weekdayAhead(1 + Math.floor(i / 2)), startTime: i % 2 === 0 ? "09:00" : "13:00", duration: 4 },
        token,
      );
      expect(created.status).toBe(201);
      ids.push(created.body.booking.id);
    }
    // All of them are a day and a minute old: due now, for both processes at once.
    await db.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000 - 60_000) })
      .where(inArray(bookings.id, ids));
    const sweeps = await Promise.all(Array.from({ length: 6 }, (_, i) => api(i % 2 === 0 ? a : b, "POST", "/api/test/sweep")));
    const expiredByCalls = sweeps.flatMap((s) => s.body.expired as string[]);
    expect(sweeps.map((s) => s.status)).toEqual(sweeps.map(() => 200));
    // Together the six sweeps expired every hold, and no two of them the same one.
    expect(expiredByCalls.sort()).toEqual([...ids].sort());

    const rows = await db.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows.every((row) => row.status === "CANCELLED" && row.cancelReason === "PAYMENT_EXPIRED")).toBe(true);
    // Raised exactly once each (a second expiry would have raised it again).
    expect(rows.map((row) => row.sequence)).toEqual(rows.map(() => 1));
    for (const id of ids) {
      const notes = await db.db.select().from(notifications).where(eq(notifications.entityId, id));
      expect(notes.filter((n) => n.title === "Booking cancelled")).toHaveLength(2);
    }
  });
});
