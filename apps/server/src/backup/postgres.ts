import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError } from "./errors.js";
import { readState, type DatabaseState, type Query } from "./state.js";

/** The connection string without its password, which goes to pg_dump and pg_restore in PGPASSWORD (never on their command line). */
function clientTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client program; a refusal or failure becomes a BackupError with what it printed. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${program} is not installed: install PostgreSQL's client programs (Debian: apt install postgresql-client).`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

async function withClient<T>(url: string, action: (client: pg.Client, query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await action(client, async <R>(text: string) => (await client.query(text)).rows as R[]);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_dump in its custom format, in a snapshot this connection exports: the manifest's snapshot
 * and migration level are read in exactly the snapshot the dump shows (pg_dump alone would take
 * its own and not tell which).
 */
export function dumpPostgres(url: string, file: string): Promise<DatabaseState> {
  return withClient(url, async (client, query) => {
    await client.query("begin isolation level repeatable read read only");
    const [exported] = await query<{ name: string }>("select pg_export_snapshot() as name");
    const state = await readState(query);
    const { dbname, env } = clientTarget(url);
    await run("pg_dump", ["--format=custom", `--snapshot=${exported!.name}`, `--file=${file}`, `--dbname=${dbname}`], env);
    await client.query("commit");
    return state;
  });
}

/** Relations outside PostgreSQL's own schemas: none in a database just created. */
export function postgresRelations(url: string): Promise<number> {
  return withClient(url, async (_client, query) => {
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return row!.n;
  });
}

/** Empties the database (`--force`): every schema but PostgreSQL's own is dropped with what is in it, and an empty `public` made again. */
export function clearPostgres(url: string): Promise<void> {
  return withClient(url, async (client, query) => {
    const schemas = await query<{ name: string }>(
      `select nspname as name from pg_namespace
        where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`,
    );
    await client.query("begin");
    for (const { name } of schemas) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    await client.query("create schema public");
    await client.query("commit");
  });
}

/** pg_restore in one transaction, stopping at the first error (nothing half-restored is left). */
export async function restorePostgres(url: string, file: string): Promise<DatabaseState> {
  const { dbname, env } = clientTarget(url);
  await run("pg_restore", ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", `--dbname=${dbname}`, file], env);
  return withClient(url, (_client, query) => readState(query));
}
