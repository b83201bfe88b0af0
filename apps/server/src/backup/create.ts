import { access, mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import type { Config } from "../config.js";
import { requestRunningDump } from "./control.js";
import { BackupError } from "./errors.js";
import { copyTree, dataEntries } from "./files.js";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  checksumLine,
  FILES_DIR,
  filesUnder,
  MANIFEST_FILE,
  PGLITE_PART,
  POSTGRES_PART,
  sha256File,
  type Manifest,
} from "./manifest.js";
import { dumpPgliteOffline, pgliteDir, pgliteLockFile } from "./pglite.js";
import { dumpPostgres } from "./postgres.js";
import type { DatabaseState } from "./state.js";

export interface BackupResult {
  file: string;
  checksumFile: string;
  bytes: number;
  sha256: string;
  manifest: Manifest;
}

/** `vam-backup-2026-11-27T06-00-00Z.tar.gz`: sorts by time, and no colon (which some file systems and tools refuse). */
export const archiveName = (at: Date) =>
  `vam-backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-")}.tar.gz`;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * One archive of the data: the database first (PostgreSQL by pg_dump; the embedded one by the
 * running server, or opened here when none runs), then the data folder's files, so every file a
 * row of the dump names was written before the copy of the files began.
 */
export async function createBackup(config: Config, { outDir, now = new Date() }: { outDir: string; now?: Date }): Promise<BackupResult> {
  const out = path.resolve(outDir);
  await mkdir(out, { recursive: true });
  const file = path.join(out, archiveName(now));
  if (await exists(file)) throw new BackupError(`${file} already exists.`);
  const staging = await mkdtemp(path.join(out, ".vam-backup-"));
  try {
    await mkdir(path.join(staging, "database"));
    const database = await dumpDatabase(config, staging);

    const entries = await dataEntries(config.dataDir, out);
    for (const name of entries) await copyTree(path.join(config.dataDir, name), path.join(staging, FILES_DIR, name));
    await mkdir(path.join(staging, FILES_DIR), { recursive: true });

    const parts = [];
    for (const part of await filesUnder(staging)) {
      const full = path.join(staging, part);
      parts.push({ path: part, bytes: (await stat(full)).size, sha256: await sha256File(full) });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: now.toISOString(),
      database,
      files: config.s3
        ? {
            uploads: "s3",
            note: `Uploads and chat files are in the S3 bucket "${config.s3.bucket}", not in this archive: the bucket keeps its own copies (turn on versioning or replication there).`,
          }
        : { uploads: "local" },
      parts,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n");

    const partial = `${file}.partial`;
    await tar.c({ gzip: true, cwd: staging, file: partial, portable: true }, [MANIFEST_FILE, "database", FILES_DIR]);
    await rename(partial, file);
    const sha256 = await sha256File(file);
    const checksumFile = `${file}.sha256`;
    await writeFile(checksumFile, checksumLine(sha256, path.basename(file)));
    return { file, checksumFile, bytes: (await stat(file)).size, sha256, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpDatabase(config: Config, staging: string): Promise<Manifest["database"]> {
  const describe = (state: DatabaseState, kind: "pglite" | "postgres", takenBy: Manifest["database"]["takenBy"]): Manifest["database"] => ({
    kind,
    format: kind === "pglite" ? "pglite-datadir" : "pg_dump-custom",
    serverVersion: state.serverVersion,
    migrations: state.migrations,
    snapshot: state.snapshot,
    takenBy,
  });
  if (config.databaseUrl) {
    const state = await dumpPostgres(config.databaseUrl, path.join(staging, POSTGRES_PART));
    return describe(state, "postgres", "pg_dump");
  }
  const fromServer = await requestRunningDump(config.dataDir);
  if (fromServer) {
    await writeFile(path.join(staging, PGLITE_PART), fromServer.archive);
    return describe(fromServer, "pglite", "running-server");
  }
  if (!(await exists(path.join(pgliteDir(config.dataDir), "PG_VERSION")))) {
    throw new BackupError(
      `There is no embedded database in ${pgliteDir(config.dataDir)} (DATA_DIR=${config.dataDir}); set DATA_DIR or DATABASE_URL.`,
    );
  }
  if (await exists(pgliteLockFile(config.dataDir))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir(config.dataDir)} is open by another process, but no server answers on its backup channel ` +
        `(${path.join(config.dataDir, ".control", "backup.sock")}). Stop that process, or, if none runs (a server that did not stop ` +
        `cleanly), start and stop the server once, then back up again.`,
    );
  }
  const { archive, ...state } = await dumpPgliteOffline(config.dataDir);
  await writeFile(path.join(staging, PGLITE_PART), Buffer.from(await archive.arrayBuffer()));
  return describe(state, "pglite", "offline");
}
