import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { SHIPPED_MIGRATIONS, migrationsBefore, removeMigrationFolders } from "./helpers/migrations.js";

afterAll(removeMigrationFolders);

describe("migration 0013: what happened before the ledger is posted to it", () => {
  it("posts each paid payment, completion (with the 10% fee), reward and cancelled paid date, balanced, and drops the rewards counter", async () => {
    const client = await PGlite.create(undefined, { extensions: { btree_gist, pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore("0013_ledger") });

    const user = async (name: string, role: string) =>
      (
        await client.query<{ id: string }>(
          `insert into users (username, email, password_hash, first_name, last_name, role, location, experience, availability, referral_code, money_earned)
           values ($1, $1 || '@example.ph', 'x', $1, 'Test', $2, 'Manila', '1-3 years', 'Full-time', upper($1), 500) returning id`,
          [name, role],
        )
      ).rows[0]!.id;
    const boss = await user("ramon", "Boss");
    const va = await user("maria", "Assistant");
    const sharer = await user("liza", "Sharer");
    const payment = async (reference: string, state: string, centavos: number) =>
      (
        await client.query<{ id: string }>(
          `insert into payments (reference, client_id, consultant_id, amount_centavos, duration, state) values ($1, $2, $3, $4, 4, $5) returning id`,
          [reference, boss, va, centavos, state],
        )
      ).rows[0]!.id;
    const booking = async (day: number, status: string, paymentId: string, paymentStatus: string, cancelReason: string | null = null) =>
      (
        await client.query<{ id: string }>(
          `insert into bookings (client_id, consultant_id, starts_at, ends_at, duration, price, status, payment_id, payment_status, cancel_reason)
           values ($1, $2, $3, $4, 4, 5000, $5, $6, $7, $8) returning id`,
          [boss, va, new Date(Date.UTC(2026, 10, day, 1)), new Date(Date.UTC(2026, 10, day, 5)), status, paymentId, paymentStatus, cancelReason],
        )
      ).rows[0]!.id;
    const completed = await booking(2, "COMPLETED", await payment("VA-AAAAA2", "PAID", 500000), "PAID");
    await client.query(`insert into referral_rewards (booking_id, earner_id, amount) values ($1, $2, 500)`, [completed, sharer]);
    await booking(3, "CANCELLED", await payment("VA-AAAAA3", "PAID", 500000), "PAID", "CONSULTANT");
    await booking(4, "CONFIRMED", await payment("VA-AAAAA4", "PAID", 500000), "PAID");
    await booking(5, "CANCELLED", await payment("VA-AAAAA5", "REJECTED", 500000), "REJECTED", "PAYMENT_REJECTED");
    await booking(6, "PENDING", await payment("VA-AAAAA6", "UNVERIFIED", 500000), "UNVERIFIED");

    await migrate(db, { migrationsFolder: SHIPPED_MIGRATIONS });

    const balances = Object.fromEntries(
      (
        await client.query<{ code: string; sum: string }>(
          `select a.code, coalesce(sum(l.amount_centavos), 0)::text as sum from ledger_accounts a left join journal_lines l on l.account_id = a.id group by a.code`,
        )
      ).rows.map((row) => [row.code.replace(boss, "boss").replace(va, "maria").replace(sharer, "liza"), Number(row.sum)]),
    );
    expect(balances).toEqual({
      cash: 1500000,
      // The confirmed booking's money is still held.
      held: -500000,
      fees: -50000,
      rewards: 50000,
      "payouts-in-transit": 0,
      "refunds-in-transit": 0,
      "payable:maria": -450000,
      "payable:liza": -50000,
      "refunds-due:boss": -500000,
    });
    const refunds = (
      await client.query<{ amount_centavos: number; reason: string; state: string }>("select amount_centavos, reason, state from refunds")
    ).rows;
    expect(refunds).toEqual([{ amount_centavos: 500000, reason: "CONSULTANT_CANCELLED", state: "DUE" }]);
    // Each paid payment has its receipt, numbered 1, 2, 3 in the order they were verified.
    const receipts = (await client.query<{ number: number }>("select number from receipts order by number")).rows;
    expect(receipts.map((row) => row.number)).toEqual([1, 2, 3]);
    const columns = (await client.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'users'"))
      .rows;
    expect(columns.map((column) => column.column_name)).not.toContain("money_earned");
    // Three payments received, a completion, a reward, a refund; running it again posts nothing more.
    const entries = async () => (await client.query<{ n: number }>("select count(*)::int as n from journal_entries")).rows[0]!.n;
    expect(await entries()).toBe(6);
    await client.query("select ledger_backfill(10)");
    expect(await entries()).toBe(6);
    await client.close();
  });
});
