/**
 * The running server's backup channel (embedded database only): a unix socket in
 * `DATA_DIR/.control/` (folder 0700, socket 0600: only the account the server runs as may
 * connect). Another process cannot open PGlite's folder while the server has it, so
 * `npm run backup` asks the server, which copies its own database (`dumpPglite`) and streams it
 * back: one JSON header line, then the copy's bytes.
 */
import { chmodSync, mkdirSync, rmSync, unlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config.js";
import type { RunningServer } from "../server.js";
import { BackupError } from "./errors.js";
import { dumpPglite } from "./pglite.js";
import type { DatabaseState } from "./state.js";

export const controlDir = (dataDir: string) => path.join(dataDir, ".control");
export const backupSocket = (dataDir: string) => path.join(controlDir(dataDir), "backup.sock");
/** A unix socket's path is limited to about 107 bytes (Linux: sun_path is 108 with its NUL). */
const SOCKET_PATH_MAX = 107;
const REQUEST = "dump\n";

interface Header extends Partial<DatabaseState> {
  ok: boolean;
  bytes?: number;
  error?: string;
}

/** Serves `npm run backup` while the server runs on the embedded database; nothing with PostgreSQL. Register once, after start. */
export async function serveBackups(config: Config, server: Pick<RunningServer, "app" | "database">): Promise<void> {
  if (server.database.kind !== "pglite") return;
  const client = (server.database.db as unknown as { $client: PGlite }).$client;
  const socket = backupSocket(config.dataDir);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    server.app.log.warn(
      { length: Buffer.byteLength(socket) },
      "backup: the data folder's path is too long for a unix socket; back up with the server stopped",
    );
    return;
  }
  let busy = false;
  const channel = net.createServer((connection) => {
    connection.on("error", () => {});
    let request = "";
    let answered = false;
    connection.on("data", (chunk) => {
      if (answered) return;
      request += chunk.toString("utf8");
      if (!request.includes("\n")) return;
      answered = true;
      if (request !== REQUEST) return void connection.end(JSON.stringify({ ok: false, error: "unknown request" }) + "\n");
      if (busy) return void connection.end(JSON.stringify({ ok: false, error: "a backup is already being taken" }) + "\n");
      busy = true;
      const started = Date.now();
      dumpPglite(client)
        .then(async ({ archive, ...state }) => {
          const bytes = Buffer.from(await archive.arrayBuffer());
          server.app.log.info({ bytes: bytes.length, ms: Date.now() - started }, "backup: database copied");
          connection.write(JSON.stringify({ ok: true, bytes: bytes.length, ...state } satisfies Header) + "\n");
          connection.end(bytes);
        })
        .catch((error: unknown) => {
          server.app.log.error({ err: error }, "backup: copying the database failed");
          connection.end(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies Header) + "\n");
        })
        .finally(() => (busy = false));
    });
  });
  try {
    mkdirSync(controlDir(config.dataDir), { recursive: true, mode: 0o700 });
    chmodSync(controlDir(config.dataDir), 0o700);
    // A socket left by a server that did not stop cleanly (this server holds the database now).
    rmSync(socket, { force: true });
    await new Promise<void>((resolve, reject) => {
      channel.once("error", reject);
      channel.listen(socket, () => resolve());
    });
    chmodSync(socket, 0o600);
  } catch (error) {
    // The site runs on without it; backups then need the server stopped.
    server.app.log.warn({ err: error }, "backup: cannot listen on the backup socket; back up with the server stopped");
    channel.close();
    return;
  }
  channel.unref();
  process.once("exit", () => {
    try {
      unlinkSync(socket);
    } catch {
      // already gone
    }
  });
}

/**
 * Asks the server running on `dataDir` for a copy of its database. Answers undefined when no
 * server listens there (no socket, or one left behind by a server that is gone).
 */
export function requestRunningDump(dataDir: string): Promise<(DatabaseState & { archive: Buffer }) | undefined> {
  const socket = backupSocket(dataDir);
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    const chunks: Buffer[] = [];
    let connected = false;
    connection.on("connect", () => {
      connected = true;
      connection.write(REQUEST);
    });
    connection.on("data", (chunk: Buffer) => chunks.push(chunk));
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(undefined);
      else reject(new BackupError(`The running server's backup channel failed: ${error.message}`));
    });
    connection.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      let header: Header;
      try {
        header = JSON.parse(all.subarray(0, newline).toString("utf8")) as Header;
      } catch {
        return reject(new BackupError("The running server's answer was cut short; try again."));
      }
      if (!header.ok) return reject(new BackupError(`The running server could not copy its database: ${header.error}`));
      const archive = all.subarray(newline + 1);
      if (archive.length !== header.bytes) return reject(new BackupError("The running server's copy arrived incomplete; try again."));
      resolve({ serverVersion: header.serverVersion!, snapshot: header.snapshot!, migrations: header.migrations!, archive });
    });
  });
}
