/**
 * `npm run backup [-- --out <folder>]`: one timestamped archive of the data, with its checksum
 * beside it (decision 0026). Reads the same configuration as the server (`.env`, DATA_DIR or
 * DATABASE_URL). Safe while the server runs: PostgreSQL through pg_dump; the embedded database
 * copied by the running server itself, asked over its local socket (or opened here when no
 * server runs).
 */
import "dotenv/config";
import { parseArgs } from "node:util";
import { exitCodeOf } from "../backup/errors.js";
import { createBackup } from "../backup/create.js";
import { loadConfig } from "../config.js";

const USAGE = `Usage: npm run backup [-- --out <folder>]

Writes vam-backup-<time>.tar.gz and vam-backup-<time>.tar.gz.sha256 into the folder
(default: ./backups): the database (the embedded one in DATA_DIR, or PostgreSQL's of
DATABASE_URL through pg_dump), the data folder's files (uploads, chat files; with S3 a note
that the bucket keeps its own) and a manifest with the SHA-256 of every part.

Options:
  --out <folder>   Where to write the archive (created if missing).
  -h, --help       Show this help.`;

async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { out: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  return exitCodeOf("backup", async () => {
    const config = loadConfig();
    const started = Date.now();
    const result = await createBackup(config, { outDir: values.out ?? "backups" });
    const { database, files, parts } = result.manifest;
    const fileParts = parts.filter((part) => part.path.startsWith("files/")).length;
    console.log(
      [
        `Backup written: ${result.file}`,
        `  checksum:  ${result.checksumFile} (sha256 ${result.sha256})`,
        `  size:      ${(result.bytes / 1024 / 1024).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  database:  ${database.kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL"} ${database.serverVersion}, ${database.migrations.count} migrations, taken by ${database.takenBy}`,
        `  files:     ${fileParts} from the data folder${files.note ? `\n  note:      ${files.note}` : ""}`,
      ].join("\n"),
    );
  });
}

process.exit(await main(process.argv.slice(2)));
