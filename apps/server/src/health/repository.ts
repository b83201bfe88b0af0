import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** Runs the smallest query: resolves when the database answers, rejects when it does not. */
export async function pingDatabase(db: Db) {
  await db.execute(sql`select 1`);
}
