import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";
import { SERVER_ROOT } from "../paths.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a fixed identifier), and once more after
   * each reconnection (notifications sent meanwhile were lost). Answers how to stop.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The connection pool's use (PostgreSQL); the embedded PGlite has no pool. */
  poolStats(): PoolStats | undefined;
  /** Whether every migration this code ships is applied to the database. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (busy or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

const migrationsFolder = fileURLToPath(new URL("drizzle", SERVER_ROOT));
/**
 * Set on every connection: no JIT compilation. The app's queries are short lookups; compiling
 * one whose row estimate looks large cost 5-10 ms more than running it (decision 0013).
 */
const CONNECTION_OPTIONS = "-c jit=off";

/** Any fixed number: serialises migrations when several instances start together. */
const MIGRATION_LOCK = 724_519_301;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; `undefined` keeps the database in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 20) : openPglite(options.pgliteDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: CONNECTION_OPTIONS,
  });
  // An idle connection the server ends (a restart, an administrator, a test dropping its
  // database) is an "error" event on the pool; unhandled, it would end the process. The pool
  // drops that connection and opens another on the next query; a query in flight still fails.
  pool.on("error", () => {});
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    migrationsApplied: () => migrationsApplied(drizzlePg(pool, { schema }) as unknown as Db),
    close: () => pool.end(),
  };
}

/** LISTEN needs a connection of its own, outside the pool; it comes back after the server ends it. */
async function listenPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, options: CONNECTION_OPTIONS });
    next.on("error", () => {}); // ended by the server: "end" follows and reconnects
    next.on("notification", () => onNotify());
    next.on("end", () => {
      if (!stopped && client === next) reconnectLater();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
  };
  const reconnectLater = () => {
    retry = setTimeout(() => {
      connect().then(onNotify, reconnectLater);
    }, 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) await mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { btree_gist, pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return () => stop();
    },
    poolStats: () => undefined,
    migrationsApplied: () => migrationsApplied(db as unknown as Db),
    close: () => client.close(),
  };
}

/**
 * Drizzle's migrator records each applied migration in drizzle.__drizzle_migrations with the
 * journal's timestamp; the newest there must be at least the newest this code ships.
 */
async function migrationsApplied(db: Db): Promise<boolean> {
  const newest = latestShippedMigration();
  const rows = await queryRows<{ newest: string | null }>(db, sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.newest ?? 0) >= newest;
}

let shippedNewest: number | undefined;
function latestShippedMigration(): number {
  if (shippedNewest === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
    shippedNewest = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return shippedNewest;
}

/** The rows of a hand-written query (both drivers answer `{ rows }`), typed as the caller's columns. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    // A named statement per query text: each connection parses and plans it once.
    const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
      query,
    );
    const name = `q${createHash("sha1").update(text).digest("base64url").slice(0, 16)}`;
    const result = await client.query({ name, text, values: params });
    return result.rows as T[];
  }
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** A list of texts as a PostgreSQL text[] parameter list (`'{}'::text[]` when empty, which `array[]` cannot be). */
export const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
