import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/db/client.js";

/**
 * A database of the test's own: an in-memory PGlite, or with DATABASE_URL a fresh PostgreSQL
 * database created for this test file and dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({});
  const created = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ url: created.url, poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** An empty PostgreSQL database next to the one of `adminUrl`, and how to drop it. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `vam_test_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
