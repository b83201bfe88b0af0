import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** The archive's format; restore refuses another. */
export const ARCHIVE_FORMAT = "vam-backup";
export const ARCHIVE_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
/** The embedded database's data folder as PGlite's `dumpDataDir` writes it (a gzipped tar). */
export const PGLITE_PART = "database/pglite-datadir.tar.gz";
/** PostgreSQL's dump in pg_dump's custom format (for pg_restore). */
export const POSTGRES_PART = "database/postgres.dump";
/** The data folder's files (uploads, private chat files, the push keys) under this folder. */
export const FILES_DIR = "files";

const migrationSchema = z.object({
  /** Migrations applied (rows of drizzle.__drizzle_migrations). */
  count: z.number().int().min(0),
  /** The newest applied migration's journal time (ms), as drizzle records it. */
  newest: z.number().int().min(0),
});
export type MigrationLevel = z.infer<typeof migrationSchema>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** `pglite-datadir` (a copy of the data folder) or `pg_dump-custom`. */
    format: z.enum(["pglite-datadir", "pg_dump-custom"]),
    /** PostgreSQL's version of the source. */
    serverVersion: z.string(),
    migrations: migrationSchema,
    /**
     * The transaction snapshot the dump shows (`pg_current_snapshot()`, xmin:xmax:xip): every
     * transaction it counts as committed is in the archive, none it counts as running is.
     */
    snapshot: z.string(),
    /** How it was taken: by the running server (embedded), by this command itself, or by pg_dump. */
    takenBy: z.enum(["running-server", "offline", "pg_dump"]),
  }),
  files: z.object({
    /** `local`: the data folder's files are in the archive; `s3`: uploads live in the bucket, which keeps its own copies. */
    uploads: z.enum(["local", "s3"]),
    note: z.string().optional(),
  }),
  /** Every file of the archive but the manifest, with its size and SHA-256. */
  parts: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type Part = Manifest["parts"][number];

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** Every regular file under `root`, as paths relative to it with `/` separators, sorted. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The checksum file's text, in `sha256sum`'s format (so `sha256sum -c` checks it too). */
export const checksumLine = (sha256: string, archiveName: string) => `${sha256}  ${archiveName}\n`;

/** The SHA-256 a checksum file states for `archiveName`, or undefined when it states none. */
export function statedChecksum(text: string, archiveName: string): string | undefined {
  for (const line of text.split("\n")) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.trim());
    if (match && path.basename(match[2]!) === archiveName) return match[1];
  }
  return undefined;
}
