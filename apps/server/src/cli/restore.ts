/**
 * `npm run restore -- <archive> [--force]`: restores an archive of `npm run backup` (decision
 * 0026) into the configured place: an embedded-database archive into DATA_DIR, a PostgreSQL one
 * into DATABASE_URL (its files into DATA_DIR). Checks the archive's checksum first; refuses a
 * target that holds data unless --force.
 */
import "dotenv/config";
import path from "node:path";
import { parseArgs } from "node:util";
import { exitCodeOf } from "../backup/errors.js";
import { restoreBackup } from "../backup/restore.js";
import { loadConfig } from "../config.js";

const USAGE = `Usage: npm run restore -- <archive> [--force]

Restores vam-backup-<time>.tar.gz (its .sha256 file must be beside it) into DATA_DIR (an
archive of the embedded database) or into the database of DATABASE_URL (an archive of
PostgreSQL; its files go into DATA_DIR). Stop the server first.

Options:
  --force      Replace what the data folder or the database holds (refused otherwise).
  -h, --help   Show this help.`;

async function main(args: string[]): Promise<number> {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(`${positionals.length === 0 ? "Name the archive to restore." : "Name one archive."}\n\n${USAGE}`);
    return 1;
  }
  return exitCodeOf("restore", async () => {
    const config = loadConfig();
    const result = await restoreBackup(config, positionals[0]!, { force: values.force ?? false });
    const { manifest } = result;
    console.log(
      [
        `Restored ${path.basename(positionals[0]!)} (taken ${manifest.createdAt})`,
        `  database:  ${result.database} (${manifest.database.migrations.count} migrations)`,
        `  files:     ${result.files} into ${config.dataDir}${manifest.files.note ? `\n  note:      ${manifest.files.note}` : ""}`,
      ].join("\n"),
    );
  });
}

process.exit(await main(process.argv.slice(2)));
