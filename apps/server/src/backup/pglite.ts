import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { BackupError } from "./errors.js";
import { readState, type DatabaseState, type Query } from "./state.js";

/** The embedded database's folder inside DATA_DIR (as server.ts opens it). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, "db");

/** Present while a PGlite instance has the folder open; removed when it closes. */
export const pgliteLockFile = (dataDir: string) => path.join(pgliteDir(dataDir), "postmaster.pid");

const extensions = { btree_gist, pg_trgm };

export const openPglite = (dir: string, loadDataDir?: Blob) => PGlite.create(dir, { extensions, loadDataDir });

const queryOf =
  (client: PGlite): Query =>
  async <T>(text: string) =>
    (await client.query<T>(text)).rows;

/**
 * A consistent copy of an open PGlite. Every statement PGlite runs, alone or in a transaction,
 * holds its transaction lock; inside `transaction()` (which holds it) nothing else runs, and
 * `dumpDataDir` (which takes only the query lock) copies the folder between this transaction's
 * own statements. A checkpoint first writes every committed change into the data files, so the
 * copy opens without replaying its write-ahead log; the snapshot read in the same hold is
 * exactly what the copy holds.
 */
export async function dumpPglite(client: PGlite): Promise<DatabaseState & { archive: Blob }> {
  return client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    const state = await readState(async <T>(text: string) => (await tx.query<T>(text)).rows);
    const archive = await client.dumpDataDir("gzip");
    return { ...state, archive };
  });
}

/** Opens the folder (no server has it open), copies it as `dumpPglite` does, and closes it. */
export async function dumpPgliteOffline(dataDir: string): Promise<DatabaseState & { archive: Blob }> {
  const client = await openPglite(pgliteDir(dataDir));
  try {
    return await dumpPglite(client);
  } finally {
    await client.close();
  }
}

/** Writes the copy into `dir` (absent or empty) through PGlite itself, then opens it once to check it answers. */
export async function restorePglite(archive: Blob, dir: string): Promise<DatabaseState> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty.`);
  const client = await openPglite(dir, archive);
  try {
    return await readState(queryOf(client));
  } finally {
    await client.close();
  }
}
