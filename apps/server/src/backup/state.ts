import { BackupError } from "./errors.js";
import type { MigrationLevel } from "./manifest.js";

/** Runs one query and answers its rows (PGlite's `query` or a pg client's). */
export type Query = <T>(text: string) => Promise<T[]>;

export interface DatabaseState {
  serverVersion: string;
  snapshot: string;
  migrations: MigrationLevel;
}

/** The source's version, snapshot and migration level, read in the dump's own snapshot (or while nothing else runs). */
export async function readState(query: Query): Promise<DatabaseState> {
  const [found] = await query<{ table: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as table");
  if (!found?.table) throw new BackupError("This database has no migrations table: it is not the marketplace's (or the server never started on it).");
  const [row] = await query<{ version: string; snapshot: string; count: number; newest: string }>(
    `select current_setting('server_version') as version, pg_current_snapshot()::text as snapshot,
            (select count(*)::int from drizzle.__drizzle_migrations) as count,
            (select coalesce(max(created_at), 0)::text from drizzle.__drizzle_migrations) as newest`,
  );
  return { serverVersion: row!.version, snapshot: row!.snapshot, migrations: { count: row!.count, newest: Number(row!.newest) } };
}
