import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { uploads } from "../db/schema.js";

/** True when this server stored the image at `url` (arbitrary URLs are never accepted). */
export async function isIssuedUpload(db: Db, url: string): Promise<boolean> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, url)).limit(1);
  return Boolean(row);
}
