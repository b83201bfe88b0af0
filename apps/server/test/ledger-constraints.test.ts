import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalEntries, journalLines, ledgerAccounts } from "../src/db/schema.js";
import { pgError } from "../src/http/errors.js";
import { UnbalancedEntryError } from "../src/ledger/repository.js";
import { postEntry } from "../src/ledger/public.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/*
 * The ledger's rules kept by the database itself (migration 0013, decision 0020), whatever the
 * code above it does: an entry must balance, with at least two lines, when its transaction
 * commits (a deferred constraint trigger); lines are never changed or deleted, and an entry keeps
 * what it says; each event posts once (the unique event key).
 */

let server: TestServer;
let cash: string;
let held: string;
beforeAll(async () => {
  server = await startTestServer();
  const accounts = await server.database.db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, ["cash", "held"]));
  cash = accounts.find((account) => account.code === "cash")!.id;
  held = accounts.find((account) => account.code === "held")!.id;
});
afterAll(() => server?.close());

const db = () => server.database.db;

/** Inserts an entry and its lines with plain SQL in one transaction; answers the error the commit (or a statement) raised. */
async function insertRaw(eventKey: string, amounts: [account: "cash" | "held", amount: number][]) {
  try {
    await db().transaction(async (tx) => {
      const id = randomUUID();
      await tx.execute(
        sql`insert into journal_entries (id, kind, event_key, memo, posted_at) values (${id}, 'OPENING_BALANCE', ${eventKey}, 'test entry', now())`,
      );
      for (const [account, amount] of amounts) {
        await tx.execute(
          sql`insert into journal_lines (entry_id, account_id, amount_centavos) values (${id}, ${account === "cash" ? cash : held}, ${amount})`,
        );
      }
    });
  } catch (error) {
    return error;
  }
  return undefined;
}

const entriesOf = (eventKey: string) => db().select().from(journalEntries).where(eq(journalEntries.eventKey, eventKey));
const lineCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(journalLines)
  )[0]!.n;

/** The error's PostgreSQL code and every message down its causes (drizzle wraps the driver's error). */
function failure(error: unknown) {
  const messages: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return { code: pgError(error)?.code, message: messages.join(" | ") };
}

describe("an entry balances when its transaction commits", () => {
  it("commits a balanced entry of two lines", async () => {
    expect(
      await insertRaw("test:balanced", [
        ["cash", 100],
        ["held", -100],
      ]),
    ).toBeUndefined();
    const [entry] = await entriesOf("test:balanced");
    expect(entry).toBeDefined();
    const lines = await db().select().from(journalLines).where(eq(journalLines.entryId, entry!.id));
    expect(lines.map((line) => line.amountCentavos).sort((a, b) => a - b)).toEqual([-100, 100]);
  });

  it("refuses, at commit, lines summing to 1 centavo, and nothing of the transaction stays", async () => {
    const lines = await lineCount();
    const error = await insertRaw("test:unbalanced", [
      ["cash", 100],
      ["held", -99],
    ]);
    expect(error).toBeDefined();
    expect(failure(error)).toMatchObject({ code: "23514", message: expect.stringContaining("does not balance") });
    expect(failure(error).message).toContain("summing to 1 centavos");
    expect(await entriesOf("test:unbalanced")).toEqual([]);
    expect(await lineCount()).toBe(lines);
  });

  it("refuses an entry of one line, and an entry of none", async () => {
    const lines = await lineCount();
    const one = await insertRaw("test:one-line", [["cash", 100]]);
    expect(failure(one)).toMatchObject({ code: "23514", message: expect.stringContaining("1 lines") });
    const none = await insertRaw("test:no-lines", []);
    expect(failure(none)).toMatchObject({ code: "23514", message: expect.stringContaining("0 lines") });
    expect(await entriesOf("test:one-line")).toEqual([]);
    expect(await entriesOf("test:no-lines")).toEqual([]);
    expect(await lineCount()).toBe(lines);
  });

  it("lets the lines balance only by the end of the transaction (the check is deferred), then refuses a line added later", async () => {
    // Three lines, unbalanced after each of the first two statements: fine at commit.
    expect(
      await insertRaw("test:three-lines", [
        ["cash", 150],
        ["held", -100],
        ["held", -50],
      ]),
    ).toBeUndefined();
    const [entry] = await entriesOf("test:three-lines");
    // A line added to a committed entry in a later transaction unbalances it: refused at that commit.
    const error = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`insert into journal_lines (entry_id, account_id, amount_centavos) values (${entry!.id}, ${cash}, 1)`);
      })
      .catch((caught: unknown) => caught);
    expect(failure(error)).toMatchObject({ code: "23514", message: expect.stringContaining("does not balance") });
    const lines = await db().select().from(journalLines).where(eq(journalLines.entryId, entry!.id));
    expect(lines).toHaveLength(3);
  });

  it("refuses a zero line", async () => {
    const error = await insertRaw("test:zero-line", [
      ["cash", 100],
      ["held", -100],
      ["cash", 0],
    ]);
    expect(failure(error)).toMatchObject({ code: "23514" });
    expect(await entriesOf("test:zero-line")).toEqual([]);
  });
});

describe("the journal is append-only", () => {
  it("refuses updating or deleting a line", async () => {
    const [entry] = await entriesOf("test:balanced");
    const [line] = await db().select().from(journalLines).where(eq(journalLines.entryId, entry!.id)).limit(1);
    const update = await db()
      .update(journalLines)
      .set({ amountCentavos: line!.amountCentavos * 2 })
      .where(eq(journalLines.id, line!.id))
      .catch((caught: unknown) => caught);
    expect(failure(update)).toMatchObject({ code: "23514", message: expect.stringContaining("append-only") });
    const moved = await db()
      .update(journalLines)
      .set({ accountId: line!.accountId === cash ? held : cash })
      .where(eq(journalLines.id, line!.id))
      .catch((caught: unknown) => caught);
    expect(failure(moved)).toMatchObject({ code: "23514" });
    const removed = await db()
      .delete(journalLines)
      .where(eq(journalLines.id, line!.id))
      .catch((caught: unknown) => caught);
    expect(failure(removed)).toMatchObject({ code: "23514", message: expect.stringContaining("append-only") });
    const [after] = await db().select().from(journalLines).where(eq(journalLines.id, line!.id));
    expect(after).toEqual(line);
  });

  it("refuses changing an entry's memo, kind, event key or date, and deleting it; its links may turn null", async () => {
    const [entry] = await entriesOf("test:balanced");
    for (const change of [
      { memo: "rewritten" },
      { kind: "PAYMENT_RECEIVED" as const },
      { eventKey: "test:renamed" },
      { postedAt: new Date(Date.UTC(2020, 0, 1)) },
    ]) {
      const refused = await db()
        .update(journalEntries)
        .set(change)
        .where(eq(journalEntries.id, entry!.id))
        .catch((caught: unknown) => caught);
      expect(failure(refused), JSON.stringify(change)).toMatchObject({ code: "23514", message: expect.stringContaining("cannot be changed") });
    }
    const removed = await db()
      .delete(journalEntries)
      .where(eq(journalEntries.id, entry!.id))
      .catch((caught: unknown) => caught);
    expect(failure(removed)).toMatchObject({ code: "23514", message: expect.stringContaining("append-only") });
    // What a deleted booking's foreign key does: the link turns null, the entry stays as it was.
    await db().update(journalEntries).set({ bookingId: null, paymentId: null }).where(eq(journalEntries.id, entry!.id));
    const [after] = await entriesOf("test:balanced");
    expect(after).toEqual(entry);
  });
});

describe("each event posts once", () => {
  const entry = (eventKey: string, amount = 2500) => ({
    kind: "OPENING_BALANCE" as const,
    eventKey,
    memo: "test posting",
    at: new Date(),
    lines: [
      { account: "cash" as const, amount },
      { account: "held" as const, amount: -amount },
    ],
  });

  it("answers the entry's id the first time and null the second, with one entry and its two lines", async () => {
    const first = await db().transaction((tx) => postEntry(tx, entry("test:once")));
    expect(first).toEqual(expect.any(String));
    const second = await db().transaction((tx) => postEntry(tx, entry("test:once", 9999)));
    expect(second).toBeNull();
    const entries = await entriesOf("test:once");
    expect(entries.map((row) => row.id)).toEqual([first]);
    const lines = await db().select().from(journalLines).where(eq(journalLines.entryId, first!));
    expect(lines.map((line) => line.amountCentavos).sort((a, b) => a - b)).toEqual([-2500, 2500]);
  });

  it("posts once when two transactions race with the same event key", async () => {
    const results = await Promise.all([1, 2, 3].map(() => db().transaction((tx) => postEntry(tx, entry("test:race")))));
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(await entriesOf("test:race")).toHaveLength(1);
  });

  it("refuses an unbalanced, one-line or fractional entry before it reaches the database", async () => {
    const post = (lines: { account: "cash" | "held"; amount: number }[], eventKey: string) =>
      db()
        .transaction((tx) => postEntry(tx, { ...entry(eventKey), lines }))
        .catch((caught: unknown) => caught);
    expect(
      await post(
        [
          { account: "cash", amount: 100 },
          { account: "held", amount: -99 },
        ],
        "test:app-unbalanced",
      ),
    ).toBeInstanceOf(UnbalancedEntryError);
    expect(await post([{ account: "cash", amount: 100 }], "test:app-one-line")).toBeInstanceOf(UnbalancedEntryError);
    expect(
      await post(
        [
          { account: "cash", amount: 0.5 },
          { account: "held", amount: -0.5 },
        ],
        "test:app-fraction",
      ),
    ).toBeInstanceOf(UnbalancedEntryError);
    for (const key of ["test:app-unbalanced", "test:app-one-line", "test:app-fraction"]) expect(await entriesOf(key)).toEqual([]);
  });
});
