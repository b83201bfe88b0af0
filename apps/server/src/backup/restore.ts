import { readFileSync } from "node:fs";
import { access, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tar from "tar";
import type { Config } from "../config.js";
import { SERVER_ROOT } from "../paths.js";
import { controlDir } from "./control.js";
import { BackupError } from "./errors.js";
import { copyTree } from "./files.js";
import {
  FILES_DIR,
  filesUnder,
  MANIFEST_FILE,
  manifestSchema,
  PGLITE_PART,
  POSTGRES_PART,
  sha256File,
  statedChecksum,
  type Manifest,
} from "./manifest.js";
import { pgliteDir, pgliteLockFile, restorePglite } from "./pglite.js";
import { clearPostgres, postgresRelations, restorePostgres } from "./postgres.js";

export interface RestoreResult {
  manifest: Manifest;
  /** Where the database went: the data folder's `db`, or the database of DATABASE_URL (without its password). */
  database: string;
  files: number;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The newest migration this code ships (drizzle's journal): an archive from a newer schema is refused. */
function shippedNewestMigration(): number {
  const journal = fileURLToPath(new URL("drizzle/meta/_journal.json", SERVER_ROOT));
  const { entries } = JSON.parse(readFileSync(journal, "utf8")) as { entries: { when: number }[] };
  return Math.max(...entries.map((entry) => entry.when));
}

const withoutPassword = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "****";
  return parsed.toString();
};

/**
 * Restores an archive of `createBackup` into the configured place: an embedded-database archive
 * into DATA_DIR, a PostgreSQL one into DATABASE_URL (its files into DATA_DIR). The checksum is
 * checked before anything else, every part against the manifest before anything is written, and
 * a target that holds data is refused unless `force`.
 */
export async function restoreBackup(config: Config, archive: string, { force = false }: { force?: boolean } = {}): Promise<RestoreResult> {
  const file = path.resolve(archive);
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new BackupError(`No such backup file: ${file}`);
  if (!info.isFile()) throw new BackupError(`${file} is not a file.`);
  await verifyChecksum(file);

  const staging = await mkdtemp(path.join(tmpdir(), "vam-restore-"));
  try {
    const manifest = await unpack(file, staging);
    if (manifest.database.migrations.newest > shippedNewestMigration()) {
      throw new BackupError(
        "This archive comes from a newer version of the marketplace (its database has migrations this code does not know): restore it with that version or a newer one.",
      );
    }
    const kind = manifest.database.kind;
    if (kind === "pglite" && config.databaseUrl) {
      throw new BackupError(
        "This archive holds the embedded database (PGlite); restoring it into PostgreSQL is not supported. Unset DATABASE_URL to restore it into DATA_DIR.",
      );
    }
    if (kind === "postgres" && !config.databaseUrl) {
      throw new BackupError("This archive holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.");
    }

    const fileEntries = await readdir(path.join(staging, FILES_DIR)).catch(() => [] as string[]);
    await checkTarget(config, kind, force, fileEntries);

    let database: string;
    if (kind === "pglite") {
      const dir = pgliteDir(config.dataDir);
      const restored = await restorePglite(new Blob([await readFile(path.join(staging, PGLITE_PART))]), dir);
      sameLevel(manifest, restored.migrations.count);
      database = dir;
    } else {
      const url = config.databaseUrl!;
      const restored = await restorePostgres(url, path.join(staging, POSTGRES_PART));
      sameLevel(manifest, restored.migrations.count);
      database = withoutPassword(url);
    }
    await mkdir(config.dataDir, { recursive: true });
    for (const name of fileEntries) await copyTree(path.join(staging, FILES_DIR, name), path.join(config.dataDir, name));
    const files = manifest.parts.filter((part) => part.path.startsWith(`${FILES_DIR}/`)).length;
    return { manifest, database, files };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function verifyChecksum(file: string) {
  const checksumFile = `${file}.sha256`;
  let text: string;
  try {
    text = await readFile(checksumFile, "utf8");
  } catch {
    throw new BackupError(`The checksum file ${checksumFile} is missing: it is written beside every archive; copy it along with the archive.`);
  }
  const stated = statedChecksum(text, path.basename(file));
  if (!stated) throw new BackupError(`${checksumFile} states no checksum for ${path.basename(file)}.`);
  if ((await sha256File(file)) !== stated) {
    throw new BackupError(`${file} does not match its checksum (${checksumFile}): the archive is damaged or incomplete. Nothing was restored.`);
  }
}

/** Unpacks into `staging` and checks that its files are exactly the manifest's parts, each with its SHA-256. */
async function unpack(file: string, staging: string): Promise<Manifest> {
  try {
    await tar.x({ file, cwd: staging, strict: true });
  } catch {
    throw new BackupError(`${file} is not a backup archive (it cannot be unpacked).`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(staging, MANIFEST_FILE), "utf8")));
  } catch {
    throw new BackupError(`${file} is not a backup of this marketplace (no valid ${MANIFEST_FILE}).`);
  }
  const present = (await filesUnder(staging)).filter((name) => name !== MANIFEST_FILE);
  const listed = manifest.parts.map((part) => part.path).sort();
  if (present.length !== listed.length || present.some((name, i) => name !== listed[i])) {
    throw new BackupError(`${file}'s contents differ from its manifest. Nothing was restored.`);
  }
  for (const part of manifest.parts) {
    if ((await sha256File(path.join(staging, part.path))) !== part.sha256) {
      throw new BackupError(`${part.path} in ${file} does not match its checksum in the manifest. Nothing was restored.`);
    }
  }
  const databasePart = manifest.database.kind === "pglite" ? PGLITE_PART : POSTGRES_PART;
  if (!listed.includes(databasePart)) throw new BackupError(`${file} has no database (${databasePart}).`);
  return manifest;
}

/** An empty target, or (with force) one emptied of what the archive brings. */
async function checkTarget(config: Config, kind: Manifest["database"]["kind"], force: boolean, fileEntries: string[]) {
  if (kind === "pglite" && (await exists(pgliteLockFile(config.dataDir)))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir(config.dataDir)} is open (a server runs on DATA_DIR, or one did not stop cleanly): stop it before restoring.`,
    );
  }
  const present = (await readdir(config.dataDir).catch(() => [] as string[])).filter(
    (name) => path.join(config.dataDir, name) !== controlDir(config.dataDir),
  );
  const relations = kind === "postgres" ? await postgresRelations(config.databaseUrl!) : 0;
  if (!force) {
    const full: string[] = [];
    if (present.length > 0) full.push(`the data folder ${config.dataDir} (${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""})`);
    if (relations > 0) full.push(`the database of DATABASE_URL (${relations} tables, indexes and sequences)`);
    if (full.length > 0) {
      throw new BackupError(
        `Refusing to restore into ${full.join(" and ")}: not empty. Restore into an empty data folder${kind === "postgres" ? " and a new, empty database" : ""}, or add --force to replace what is there.`,
      );
    }
    return;
  }
  if (kind === "pglite") await rm(pgliteDir(config.dataDir), { recursive: true, force: true });
  else if (relations > 0) await clearPostgres(config.databaseUrl!);
  for (const name of fileEntries) await rm(path.join(config.dataDir, name), { recursive: true, force: true });
}

function sameLevel(manifest: Manifest, restoredCount: number) {
  if (restoredCount !== manifest.database.migrations.count) {
    throw new BackupError(`The restored database has ${restoredCount} migrations where the archive recorded ${manifest.database.migrations.count}.`);
  }
}
