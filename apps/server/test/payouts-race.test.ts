import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdayAhead, type PayoutBatchView } from "@vam/shared";
import { openDatabase, type Database } from "../src/db/client.js";
import { bookings, journalEntries, journalLines, ledgerAccounts, payoutAccounts, payoutLines, users } from "../src/db/schema.js";
import { personalCode } from "../src/ledger/public.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { balance, credit, entriesLike, payable } from "./helpers/payouts.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { newUser } from "./helpers/server.js";

const databaseUrl = process.env.DATABASE_URL;
const HOUR = 3600_000;
/** The default rate (₱1,250 an hour), 4 hours: the assistant earns 90 % of ₱5,000. */
const EARNED = 450_000;

/*
 * Payouts on two real server processes sharing one PostgreSQL database (.ci/run provides it):
 * batch runs racing each other, a batch run racing bookings completing on the other process, and
 * two operators marking one line at once. Whatever the interleaving, every centavo earned is
 * either still in its balance or in exactly one line, and every line is marked once.
 */
describe.runIf(databaseUrl)("payouts with two server processes", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let operators: { token: string; userInfo: { id: string } }[];

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseUrl!);
    // TEST_CLOCK: process b completes bookings at a time after they end.
    const env = { DATABASE_URL: database.url, AUTH_RATE_LIMIT_PER_MINUTE: "10000", TEST_CLOCK: "true", SWEEP_INTERVAL_SECONDS: "0" };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ url: database.url, poolSize: 4 });
    operators = [await account("Boss"), await account("Boss")];
    await db.db
      .update(users)
      .set({ role: "Operator" })
      .where(
        inArray(
          users.id,
          operators.map((operator) => operator.userInfo.id),
        ),
      );
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await database?.drop();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answers they assert on
  async function api(server: ServerProcess, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  async function account(role: "Boss" | "Assistant") {
    const input = newUser({ role });
    expect((await api(a, "POST", "/api/auth/register", input)).status).toBe(201);
    return (await api(b, "POST", "/api/auth/login", { username: input.username, password: input.password })).body as {
      token: string;
      userInfo: { id: string };
    };
  }
  /** A payout account saved two days ago: not on hold. */
  const accountFor = (userId: string, n: number) =>
    db.db.insert(payoutAccounts).values({
      userId,
      method: "GCASH",
      accountName: `Payee ${n}`,
      accountNumber: `0917${String(n).padStart(7, "0")}`,
      changedAt: new Date(Date.now() - 48 * HOUR),
    });
  const runBatch = (server: ServerProcess, token: string) => api(server, "POST", "/api/admin/payouts/batches", undefined, token);
  const mark = (server: ServerProcess, lineId: string, body: unknown, token = operators[0]!.token) =>
    api(server, "PUT", `/api/admin/payout-lines/${lineId}`, body, token);

  /** Every line that ever took money out of a payee's balance. */
  const linesOf = (payeeIds: string[]) => db.db.select().from(payoutLines).where(inArray(payoutLines.payeeId, payeeIds));
  /** What the journal says the payee earned (completions and opening balances credited to their payable). */
  async function earnedBy(userId: string) {
    const [row] = await db.db
      .select({ sum: sql<string>`coalesce(-sum(${journalLines.amountCentavos}), 0)` })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .where(and(eq(ledgerAccounts.code, personalCode("PAYABLE", userId)), inArray(journalEntries.kind, ["BOOKING_COMPLETED", "OPENING_BALANCE"])));
    return Number(row!.sum);
  }
  /** No account has two PENDING lines (the partial unique index says so too; this reads it back). */
  async function pendingTwice() {
    return db.db
      .select({ accountId: payoutLines.accountId, n: sql<number>`count(*)::int` })
      .from(payoutLines)
      .where(eq(payoutLines.state, "PENDING"))
      .groupBy(payoutLines.accountId)
      .having(sql`count(*) > 1`);
  }
  async function sendPending(server: ServerProcess, lines: { id: string; state: string }[]) {
    for (const line of lines.filter((candidate) => candidate.state === "PENDING")) {
      expect((await mark(server, line.id, { state: "SENT", transferReference: `REF-${line.id.slice(0, 8)}` })).status).toBe(200);
    }
  }

  it("pays each balance in exactly one batch when operators run batches at once on both processes", async () => {
    const ROUNDS = 6;
    for (let round = 0; round < ROUNDS; round++) {
      const payees = await Promise.all(Array.from({ length: 5 }, () => account("Assistant")));
      const amounts = payees.map((_, i) => 60_000 + round * 1_000 + i * 137);
      for (const [i, payee] of payees.entries()) {
        await credit(db.db, payee.userInfo.id, amounts[i]!);
        await accountFor(payee.userInfo.id, round * 10 + i);
      }
      // Four runs leave at once: two operators, each on both processes.
      const runs = await Promise.all([
        runBatch(a, operators[0]!.token),
        runBatch(b, operators[1]!.token),
        runBatch(b, operators[0]!.token),
        runBatch(a, operators[1]!.token),
      ]);
      expect(runs.map((run) => run.status).sort()).toEqual([201, 409, 409, 409]);
      const batch = runs.find((run) => run.status === 201)!.body.batch as PayoutBatchView;
      const ids = payees.map((payee) => payee.userInfo.id);
      expect(batch.lines.map((line) => [line.payee.id, line.amountCentavos]).sort()).toEqual(ids.map((id, i) => [id, amounts[i]]).sort());
      const lines = await linesOf(ids);
      expect(lines).toHaveLength(payees.length);
      expect(lines.reduce((sum, line) => sum + line.amountCentavos, 0)).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
      expect(await pendingTwice()).toEqual([]);
      for (const id of ids) expect(await balance(db.db, payable(id))).toBe(0);
      await sendPending(round % 2 === 0 ? a : b, batch.lines);
    }
    expect(await balance(db.db, "payoutsInTransit")).toBe(0);
  });

  it("loses and doubles nothing when a batch runs while bookings complete on the other process", async () => {
    const CONSULTANTS = 4;
    const PER_CONSULTANT = 10;
    const consultants = await Promise.all(Array.from({ length: CONSULTANTS }, () => account("Assistant")));
    const ids = consultants.map((consultant) => consultant.userInfo.id);
    for (const [i, id] of ids.entries()) await accountFor(id, 100 + i);
    // Paid, accepted bookings: each consultant's on days of its own, mornings and afternoons.
    const booked: { id: string; token: string; endsAt: string }[] = [];
    for (const consultant of consultants) {
      const client = await account("Boss");
      for (let n = 0; n < PER_CONSULTANT; n++) {
        const created = await api(
          a,
          "POST",
          "/api/bookings/create",
          {
            consultantId: consultant.userInfo.id,
            date: weekdayAhead(1 + Math.floor(n / 2)),
            startTime: n % 2 === 0 ? "09:00" : "13:00",
            duration: 4,
          },
          client.token,
        );
        expect(created.status).toBe(201);
        // Paid and accepted (as bookingIn does): the client is never held back by the unpaid cap.
        await db.db.update(bookings).set({ status: "CONFIRMED", paymentStatus: "PAID" }).where(eq(bookings.id, created.body.booking.id));
        booked.push({ id: created.body.booking.id, token: consultant.token, endsAt: created.body.booking.endsAt });
      }
    }
    // Process b's clock after every end; a keeps the real time.
    const last = Math.max(...booked.map((booking) => Date.parse(booking.endsAt)));
    expect((await api(b, "PUT", "/api/test/clock", { now: new Date(last + 60_000).toISOString() })).status).toBe(200);

    let completing = true;
    let done = 0;
    const completions = (async () => {
      // In waves of 4 requests at once, interleaved across consultants.
      const order = booked.map((_, i) => booked[(i % CONSULTANTS) * PER_CONSULTANT + Math.floor(i / CONSULTANTS)]!);
      const statuses: number[] = [];
      for (let i = 0; i < order.length; i += 4) {
        const wave = order.slice(i, i + 4);
        const results = await Promise.all(
          wave.map(async (booking) => {
            const result = await api(b, "PUT", `/api/bookings/${booking.id}/status`, { status: "COMPLETED" }, booking.token);
            done++;
            return result.status;
          }),
        );
        statuses.push(...results);
      }
      completing = false;
      return statuses;
    })();
    // Meanwhile on process a: batch, mark its lines sent, again, until the completions are over.
    const midway: number[] = [];
    while (completing) {
      const run = await runBatch(a, operators[midway.length % 2]!.token);
      expect([201, 409]).toContain(run.status);
      if (run.status === 201) {
        if (completing) midway.push(done);
        await sendPending(a, run.body.batch.lines);
      }
    }
    expect(await completions).toEqual(booked.map(() => 200));
    // Some batches took balances while completions were still coming.
    expect(midway.filter((count) => count > 0 && count < booked.length).length).toBeGreaterThanOrEqual(1);
    // One more batch after the last completion: whatever was left (nothing, if the last one above came after it).
    const final = await runBatch(a, operators[0]!.token);
    expect([201, 409]).toContain(final.status);
    const finalLines: PayoutBatchView["lines"] = final.status === 201 ? final.body.batch.lines : [];

    for (const id of ids) {
      const earned = await earnedBy(id);
      expect(earned).toBe(PER_CONSULTANT * EARNED);
      const lines = await linesOf([id]);
      // Every line's money was taken out once (one PAYOUT_BATCHED entry each), and sent at most once.
      for (const line of lines) {
        expect(await entriesLike(db.db, `payout-batched:${line.id}`)).toBe(1);
        expect(await entriesLike(db.db, `payout-sent:${line.id}`)).toBe(line.state === "SENT" ? 1 : 0);
      }
      const inLines = lines.reduce((sum, line) => sum + line.amountCentavos, 0);
      // Every centavo earned is in a line or still in the balance, none in both, none twice.
      expect(inLines + (await balance(db.db, payable(id)))).toBe(earned);
      // After the final batch nothing is left behind.
      expect(await balance(db.db, payable(id))).toBe(0);
    }
    expect(await pendingTwice()).toEqual([]);
    // The in-transit account holds exactly the final batch's lines.
    expect(await balance(db.db, "payoutsInTransit")).toBe(finalLines.reduce((sum, line) => sum + line.amountCentavos, 0));
    await sendPending(b, finalLines);
    expect(await balance(db.db, "payoutsInTransit")).toBe(0);
  });

  it("marks a line once when two operators mark it at the same moment on both processes", async () => {
    const payees = await Promise.all(Array.from({ length: 8 }, () => account("Assistant")));
    for (const [i, payee] of payees.entries()) {
      await credit(db.db, payee.userInfo.id, 70_000 + i);
      await accountFor(payee.userInfo.id, 200 + i);
    }
    const run = await runBatch(a, operators[0]!.token);
    expect(run.status).toBe(201);
    const batch = run.body.batch as PayoutBatchView;
    expect(batch.lines).toHaveLength(payees.length);
    for (const [i, line] of batch.lines.entries()) {
      // Sent twice at once; every other line sent against failed.
      const second = i % 2 === 0 ? { state: "SENT", transferReference: `TWO-${i}` } : { state: "FAILED", failureReason: "Bounced back" };
      const [first, other] = i % 4 < 2 ? [a, b] : [b, a];
      const results = await Promise.all([
        mark(first, line.id, { state: "SENT", transferReference: `ONE-${i}` }, operators[0]!.token),
        mark(other, line.id, second, operators[1]!.token),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const sentEntries = await entriesLike(db.db, `payout-sent:${line.id}`);
      const failedEntries = await entriesLike(db.db, `payout-failed:${line.id}`);
      expect(sentEntries + failedEntries).toBe(1);
      const [stored] = await db.db.select().from(payoutLines).where(eq(payoutLines.id, line.id));
      expect(stored!.state).toBe(sentEntries === 1 ? "SENT" : "FAILED");
      // A failed line's money is back in the balance; a sent one's is gone.
      expect(await balance(db.db, payable(line.payee.id!))).toBe(failedEntries === 1 ? line.amountCentavos : 0);
    }
  });
});
