import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { uploads } from "../db/schema.js";

/** True when this server stored the image at `url` (arbitrary URLs are never accepted). */
export async function isIssuedUpload(db: Db, url: string): Promise<boolean> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, url)).limit(1);
  return Boolean(row);
}

/** True when every one of `urls` was uploaded to this server by `ownerId`. */
export async function areOwnUploads(db: Db, ownerId: string, urls: readonly string[]): Promise<boolean> {
  const distinct = [...new Set(urls)];
  if (distinct.length === 0) return true;
  const rows = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.url, distinct)));
  return rows.length === distinct.length;
}
