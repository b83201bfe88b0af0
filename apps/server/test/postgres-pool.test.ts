import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { createPostgresDatabase } from "./helpers/database.js";

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)("the PostgreSQL pool", () => {
  it("survives the server ending its idle connections, and opens new ones", async () => {
    const created = await createPostgresDatabase(adminUrl!);
    const database = await openDatabase({ url: created.url, poolSize: 3 });
    try {
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const ended = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
        new URL(created.url).pathname.slice(1),
      ]);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Without a handler, the pool's "error" event would have ended this process by now.
      const rows = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(rows.rows[0]!.one).toBe(1);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
