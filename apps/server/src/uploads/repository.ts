import type { Db } from "../db/client.js";
import { uploads } from "../db/schema.js";

/** Records an image this server stored (so that only issued uploads are accepted later). */
export async function recordUpload(db: Db, upload: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(upload);
}
