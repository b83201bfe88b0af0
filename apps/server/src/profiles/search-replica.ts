import { sql, type SQL } from "drizzle-orm";
import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { ProfilePost } from "@vam/shared";
import { queryRows, type Database, type Db } from "../db/client.js";
import { NO_HELD_TIME, SearchIndex, toDoc, type Doc, type HeldTime, type ListingRecord } from "./search-index.js";
import { readSnapshot, snapshotWrittenAt, writeSnapshot } from "./search-snapshot.js";

/*
 * Keeps this instance's search index (decision 0014) equal to the database. At start it loads
 * every listed Assistant; then it follows `search_changes`, the log the database's triggers
 * write on every change to a listing or to what a listed user's card shows (migration 0007),
 * whichever code or instance made it. It reads the log when the database NOTIFYs, after this
 * instance's own writes (so a writer sees its change at once), and every `pollMs` in case a
 * notification was lost.
 *
 * Which entries are new is decided by transaction, not by sequence: an entry's sequence number
 * is taken before its transaction commits, so a later number can become visible first. Each
 * read takes the snapshot's xmin (every transaction below it has ended) and the next read
 * starts there; entries above it may be read twice, which is harmless: a change is applied by
 * reading the user's current state again.
 */

/** The log is pruned after an hour (the sweep); an instance that could not read it for half that loads everything again. */
export const CHANGES_KEPT_MS = 3600_000;
const RELOAD_AFTER_MS = CHANGES_KEPT_MS / 2;
/**
 * How often an instance writes its snapshot (decision 0029): well inside `RELOAD_AFTER_MS`, so a
 * restart always finds one the change log still covers. An instance skips its turn when another
 * (same folder) wrote one in the last half of this.
 */
export const SNAPSHOT_EVERY_MS = 10 * 60_000;
/** Users reloaded per query. */
const BATCH = 5000;
/** Listings read per query while loading everything. */
const LOAD_BATCH = 20_000;
const CHANNEL = "search_changes";

/** A listing's card and listing time, from `users` and `profiles`. */
interface ListingRow extends Record<string, unknown> {
  user_id: string;
  listing_id: string;
  listed_at: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  role: ProfilePost["role"];
  location: string;
  skills: string[];
  salary_rate: number | null;
  experience: string;
  availability: string;
  bio: string | null;
  rating_average: number | null;
  review_count: number;
  member_since: Date | string;
  title: string;
  response_time: string;
  created_at: Date | string;
  updated_at: Date | string;
  /** [start, end] instants (ms) of each pending or confirmed booking not over yet. */
  held: [number, number][] | null;
  /** [from, to, slot] of each block of time off. */
  blocks: [string, string, string | null][] | null;
  holidays_off: boolean;
  holidays_kept: string[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The booked ranges as pairs of instants, and the blocks, as the index keeps them; one shared object when nothing is held (most listings). */
function heldTime(row: ListingRow): HeldTime {
  // Holidays kept as working days count only while holidays are off.
  if (!row.held?.length && !row.blocks?.length && !row.holidays_off) return NO_HELD_TIME;
  return {
    ranges: (row.held ?? []).flat(),
    blocks: (row.blocks ?? []).map(([from, to, slot]) => ({ from, to, slot })),
    holidaysOff: row.holidays_off,
    holidaysKept: row.holidays_kept,
  };
}

const toRecord = (row: ListingRow): ListingRecord => ({
  listedAt: row.listed_at,
  held: heldTime(row),
  card: {
    id: row.listing_id,
    userId: row.user_id,
    title: row.title,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    avatar: row.avatar,
    role: row.role,
    location: row.location,
    skills: row.skills,
    salaryRate: row.salary_rate,
    experience: row.experience,
    availability: row.availability,
    bio: row.bio,
    rating: row.rating_average,
    reviewCount: row.review_count,
    responseTime: row.response_time,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    memberSince: iso(row.member_since),
  },
});

/** Listed, active Assistants matching `where`, in listing id order. */
function listingsWhere(db: Db, where: SQL, limit: number): Promise<ListingRow[]> {
  return queryRows<ListingRow>(
    db,
    sql`select p.id as listing_id, p.user_id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as listed_at,
               u.username, u.first_name, u.last_name, u.avatar, u.role, u.location, u.skills, u.salary_rate, u.experience,
               u.availability, u.bio, u.rating_average, u.review_count, u.created_at as member_since,
               p.title, p.response_time, p.created_at, p.updated_at, u.holidays_off, u.holidays_kept,
               (select json_agg(json_build_array(extract(epoch from b.starts_at) * 1000, extract(epoch from b.ends_at) * 1000) order by b.starts_at)
                  from bookings b where b.consultant_id = u.id and b.status in ('PENDING', 'CONFIRMED') and b.ends_at > now()) as held,
               (select json_agg(json_build_array(t.starts_on, t.ends_on, t.slot) order by t.starts_on) from time_off t
                 where t.assistant_id = u.id and t.ends_on >= (now() at time zone 'Asia/Manila')::date) as blocks
          from profiles p join users u on u.id = p.user_id
         where u.role = 'Assistant' and u.suspended_at is null and ${where}
         order by p.id limit ${limit}`,
  );
}

export interface ReplicaOptions {
  /** Where the snapshot of the index is kept (decision 0029); none: every start loads from the database. */
  snapshotDir?: string;
  /** How often it is written (SNAPSHOT_EVERY_MS). */
  snapshotEveryMs?: number;
}

export class SearchReplica {
  readonly index = new SearchIndex();
  /** Log entries of transactions from this one on may not have been read yet. */
  private xmin = "0";
  /** When (this machine's clock) the read that gave `xmin` began: the snapshot's age counts from it. */
  private xminAt = 0;
  private lastRead = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  /** Set while the index's image is copied for the snapshot: changes wait for it. */
  private copying: Promise<void> | undefined;
  /** Aborted when the replica stops: a snapshot being written is abandoned, not waited for. */
  private readonly stopping = new AbortController();
  /** How the last start loaded: from the snapshot, or everything from the database (and why). */
  started: { from: "snapshot" | "database"; reason?: string; ms: number } | undefined;
  /** The last snapshot this instance wrote: its size and how long the writing took. */
  written: { bytes: number; ms: number } | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly options: ReplicaOptions = {},
  ) {}

  /**
   * Loads the index and catches up with the change log: from the snapshot when there is a
   * usable one, else everything from the database. Answers once the index is current (the
   * instance may then be ready).
   */
  async load(): Promise<void> {
    const started = performance.now();
    const dir = this.options.snapshotDir;
    let reason: string | undefined = "no snapshot folder";
    if (dir) {
      try {
        const { database, dbNow } = await this.identity();
        const read = await readSnapshot(dir, { database, dbNow, maxAgeMs: RELOAD_AFTER_MS });
        if ("image" in read) {
          this.index.restore(read.image, read.doc);
          this.xmin = read.header.xmin;
          this.xminAt = Date.now() - (dbNow - read.header.takenAt);
          this.lastRead = Date.now();
          // The changes since the snapshot was taken: the index is then what a full load gives.
          await this.read();
          this.started = { from: "snapshot", ms: performance.now() - started };
          this.log.info({ listings: this.index.size, ms: Math.round(this.started.ms) }, "search index loaded from its snapshot and the change log");
          return;
        }
        reason = read.reason;
      } catch (error) {
        reason = `failed: ${(error as Error).message}`;
      }
      this.log.info({ reason }, "search index: snapshot not used; loading every listing from the database");
    }
    await this.loadAll();
    this.started = { from: "database", reason, ms: performance.now() - started };
  }

  /**
   * Every listed Assistant, read in one snapshot with the xmin that the log is followed from.
   * Each batch is turned into the index's listings while the database reads the next.
   */
  async loadAll(): Promise<void> {
    const xminAt = Date.now();
    const { xmin, docs } = await this.database.db.transaction(
      async (tx) => {
        const [snapshot] = await queryRows<{ xmin: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
        const docs: Doc[] = [];
        const batch = (after: string | undefined) => listingsWhere(tx, after ? sql`p.id > ${after}::uuid` : sql`true`, LOAD_BATCH);
        let next: Promise<ListingRow[]> | undefined = batch(undefined);
        while (next) {
          const rows: ListingRow[] = await next;
          next = rows.length < LOAD_BATCH ? undefined : batch(rows[rows.length - 1]!.listing_id);
          // A rejection of the next batch is awaited with it, on the next turn.
          next?.catch(() => {});
          for (const row of rows) docs.push(toDoc(toRecord(row)));
        }
        return { xmin: snapshot!.xmin, docs };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    while (this.copying) await this.copying;
    this.index.loadDocs(docs);
    this.xmin = xmin;
    this.xminAt = xminAt;
    this.lastRead = Date.now();
  }

  /** Which database this is (a snapshot is used only with its own), and its clock (ms). */
  private async identity(): Promise<{ database: string; dbNow: number }> {
    const [row] = await queryRows<{ id: string; now: string }>(
      this.database.db,
      sql`select (select system_identifier::text from pg_control_system()) || '/' || d.oid::text || '/' || d.datname as id,
                 (extract(epoch from clock_timestamp()) * 1000)::text as now
            from pg_database d where d.datname = current_database()`,
    );
    return { database: row!.id, dbNow: Number(row!.now) };
  }

  /**
   * Writes the snapshot: the index's image as it is now, with the xmin it is current to (the
   * image copies what a change would alter, in pieces, while no change is applied; the listings
   * are immutable objects, a change replaces one), then written a piece at a time. Answers the
   * file's size, or 0 when there is no folder or a write is under way.
   */
  async writeSnapshot(): Promise<number> {
    const dir = this.options.snapshotDir;
    if (!dir || this.writing) return 0;
    const { xmin, xminAt } = this;
    let bytes = 0;
    const write = async () => {
      // Copied in pieces while the change log's changes wait: the image is of one moment, current to `xmin`.
      let copied!: () => void;
      this.copying = new Promise<void>((resolve) => (copied = resolve));
      let image: Awaited<ReturnType<SearchIndex["image"]>>;
      try {
        // The event loop's turn between pieces: searches run meanwhile.
        image = await this.index.image(() => setImmediate());
      } finally {
        this.copying = undefined;
        copied();
      }
      // When the listings were current, by the database's clock.
      const { database, dbNow } = await this.identity();
      bytes = await writeSnapshot(dir, { database, xmin, takenAt: dbNow - (Date.now() - xminAt) }, image, this.stopping.signal);
    };
    this.writing = write().finally(() => {
      this.writing = undefined;
    });
    await this.writing;
    return bytes;
  }

  private async writeSnapshotQuietly(): Promise<void> {
    const dir = this.options.snapshotDir;
    if (!dir) return;
    const every = this.options.snapshotEveryMs ?? SNAPSHOT_EVERY_MS;
    try {
      const written = await snapshotWrittenAt(dir);
      // Another instance sharing the folder wrote one lately.
      if (written !== undefined && Date.now() - written < every / 2) return;
      const started = performance.now();
      const bytes = await this.writeSnapshot();
      if (bytes > 0) {
        this.written = { bytes, ms: performance.now() - started };
        this.log.info({ listings: this.index.size, bytes, ms: Math.round(this.written.ms) }, "search index snapshot written");
      }
    } catch (error) {
      if (!this.stopping.signal.aborted) this.log.warn({ err: error }, "search index snapshot not written");
    }
  }

  /**
   * Applies every change committed before this call (and maybe more). Calls made while a read
   * is under way share the next one, which starts after it.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      const again = () => {
        this.queued = undefined;
        return this.refresh();
      };
      this.queued = this.running.then(again, again);
      return this.queued;
    }
    this.running = this.read().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * After a write that committed: this instance's searches show it before the route answers.
   * A failed read is logged, not thrown (the write stands; the next notification or poll
   * brings it).
   */
  async settle(): Promise<void> {
    await this.refresh().catch((error: unknown) => this.log.error({ err: error }, "search index refresh after a write failed"));
  }

  /** Follows the log: on NOTIFY and every `pollMs`. */
  async start(): Promise<void> {
    const refreshQuietly = () => {
      this.refresh().catch((error: unknown) => this.log.error({ err: error }, "search index refresh failed"));
    };
    this.stopListening = await this.database.listen(CHANNEL, refreshQuietly);
    if (this.pollMs > 0) this.timer = setInterval(refreshQuietly, this.pollMs).unref();
    if (this.options.snapshotDir) {
      const every = this.options.snapshotEveryMs ?? SNAPSHOT_EVERY_MS;
      // A start that loaded everything leaves a snapshot for the next at once; then one every `every`.
      if (this.started?.from !== "snapshot") void this.writeSnapshotQuietly();
      this.snapshotTimer = setInterval(() => void this.writeSnapshotQuietly(), every).unref();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.snapshotTimer);
    this.stopping.abort();
    await this.writing?.catch(() => {});
    await this.stopListening?.();
    this.stopListening = undefined;
    await this.running?.catch(() => {});
  }

  private async read(): Promise<void> {
    if (Date.now() - this.lastRead > RELOAD_AFTER_MS) {
      this.log.warn("search index: the change log was not read for too long; loading everything again");
      return this.loadAll();
    }
    const db = this.database.db;
    const at = Date.now();
    const rows = await queryRows<{ xmin: string; user_id: string | null }>(
      db,
      sql`select s.xmin::text as xmin, c.user_id
            from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) as s
            left join (select distinct user_id from search_changes where tx >= ${this.xmin}::xid8) as c on true`,
    );
    const changed = rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
    for (let i = 0; i < changed.length; i += BATCH) {
      const ids = changed.slice(i, i + BATCH);
      const current = new Map((await listingsWhere(db, sql`u.id = any(${sql.param(ids)}::uuid[])`, BATCH)).map((row) => [row.user_id, row]));
      // Not while the snapshot's image is copied.
      while (this.copying) await this.copying;
      this.index.applyChanges(
        new Map(
          ids.map((id) => {
            const row = current.get(id);
            return [id, row ? toRecord(row) : null];
          }),
        ),
      );
    }
    this.xmin = rows[0]!.xmin;
    this.xminAt = at;
    this.lastRead = Date.now();
  }
}
