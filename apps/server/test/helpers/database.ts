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

  const name = `vam_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
