import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { PAYMENT_REFERENCE_PATTERN } from "@vam/shared";
import { ConfigError, loadConfig } from "../src/config.js";
import { DEMO_QRPH } from "../src/qrph.js";
import { signUp, startTestServer } from "./helpers/server.js";
import { SHIPPED_MIGRATIONS, migrationsBefore, removeMigrationFolders } from "./helpers/migrations.js";

afterAll(removeMigrationFolders);

describe("migration 0012: existing bookings get their payments", () => {
  it("gives each single booking and each weekly series one payment with its own reference, its amount and its state", async () => {
    const client = await PGlite.create(undefined, { extensions: { btree_gist, pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore("0012_payments") });

    const user = async (name: string, role: string) =>
      (
        await client.query<{ id: string }>(
          `insert into users (username, email, password_hash, first_name, last_name, role, location, experience, availability, referral_code)
           values ($1, $1 || '@example.ph', 'x', $1, 'Test', $2, 'Manila', '1-3 years', 'Full-time', upper($1)) returning id`,
          [name, role],
        )
      ).rows[0]!.id;
    const boss = await user("ramon", "Boss");
    const va = await user("maria", "Assistant");
    const booking = (day: number, status: string, payment: string, seriesId: string | null = null) =>
      client.query(
        `insert into bookings (client_id, consultant_id, starts_at, ends_at, duration, price, status, payment_status, series_id, is_recurring)
         values ($1, $2, $3, $4, 4, 5000, $5, $6, $7::uuid, $7::uuid is not null)`,
        [boss, va, new Date(Date.UTC(2026, 11, day, 1)), new Date(Date.UTC(2026, 11, day, 5)), status, payment, seriesId],
      );
    await booking(1, "PENDING", "UNVERIFIED");
    await booking(2, "COMPLETED", "PAID");
    await booking(3, "CANCELLED", "REJECTED");
    const series = (
      await client.query<{ id: string }>(
        `insert into booking_series (client_id, consultant_id, first_starts_at, weeks, duration) values ($1, $2, $3, 3, 4) returning id`,
        [boss, va, new Date(Date.UTC(2026, 11, 7, 1))],
      )
    ).rows[0]!.id;
    for (const day of [7, 14, 21]) await booking(day, "CONFIRMED", "PAID", series);

    await migrate(db, { migrationsFolder: SHIPPED_MIGRATIONS });

    const payments = (
      await client.query<{ id: string; reference: string; amount_centavos: number; dates: number; state: string }>(
        "select id, reference, amount_centavos, dates, state from payments order by state::text, dates",
      )
    ).rows;
    expect(payments.map(({ amount_centavos, dates, state }) => [state, dates, amount_centavos])).toEqual([
      ["PAID", 1, 500000],
      ["PAID", 3, 1500000],
      ["REJECTED", 1, 500000],
      ["UNVERIFIED", 1, 500000],
    ]);
    for (const { reference } of payments) expect(reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(new Set(payments.map((p) => p.reference)).size).toBe(4);
    // Every booking points to its payment; the series' three dates to the same one.
    const links = (await client.query<{ series_id: string | null; payment_id: string }>("select series_id, payment_id from bookings")).rows;
    expect(links.every((link) => payments.some((p) => p.id === link.payment_id))).toBe(true);
    expect(new Set(links.filter((link) => link.series_id).map((link) => link.payment_id)).size).toBe(1);
    await client.close();
  });
});

describe("PAYMENT_QRPH", () => {
  it("is decoded at start: a bad code stops start-up with a message naming the variable", () => {
    expect(() => loadConfig({ PAYMENT_QRPH: "not a code" })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_QRPH: "not a code" })).toThrow(/PAYMENT_QRPH: .*QR Ph/);
    expect(() => loadConfig({ PAYMENT_QRPH: DEMO_QRPH.slice(0, -1) + "0" })).toThrow(/PAYMENT_QRPH/);
  });

  it("is the code payments are made from when the console has none", async () => {
    const bpi =
      "00020101021127610012com.p2pqrpay0111BOPIPHMMXXX0208999644030414000019990475795204601653036085802PH5910prettywife6011Makati City6304450F";
    const server = await startTestServer({ PAYMENT_QRPH: bpi });
    try {
      const [client, assistant] = await Promise.all([signUp(server, { role: "Boss" }), signUp(server, { role: "Assistant" })]);
      const step = await server.api<{ demo: boolean; accountName: string; payee: { bankName: string } }>("POST", "/api/bookings/payment", {
        token: client.token,
        body: { consultantId: assistant.user.id, duration: 4 },
      });
      expect(step.body).toMatchObject({ demo: false, accountName: "prettywife", payee: { bankName: "BPI" } });
    } finally {
      await server.close();
    }
  });
});
