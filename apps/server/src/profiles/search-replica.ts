import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ProfilePost } from "@vam/shared";
import { queryRows, type Database, type Db } from "../db/client.js";
import { SearchIndex, type HeldTime, type ListingRecord } from "./search-index.js";

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

/** The booked ranges as pairs of instants, and the blocks, as the index keeps them. */
function heldTime(row: ListingRow): HeldTime {
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

export class SearchReplica {
  readonly index = new SearchIndex();
  /** Log entries of transactions from this one on may not have been read yet. */
  private xmin = "0";
  private lastRead = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  /** Every listed Assistant, read in one snapshot with the xmin that the log is followed from. */
  async load(): Promise<void> {
    const { xmin, records } = await this.database.db.transaction(
      async (tx) => {
        const [snapshot] = await queryRows<{ xmin: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
        const records: ListingRecord[] = [];
        let after: string | undefined;
        for (;;) {
          const rows = await listingsWhere(tx, after ? sql`p.id > ${after}::uuid` : sql`true`, LOAD_BATCH);
          for (const row of rows) records.push(toRecord(row));
          if (rows.length < LOAD_BATCH) break;
          after = rows[rows.length - 1]!.listing_id;
        }
        return { xmin: snapshot!.xmin, records };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    this.index.load(records);
    this.xmin = xmin;
    this.lastRead = Date.now();
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
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopListening?.();
    this.stopListening = undefined;
    await this.running?.catch(() => {});
  }

  private async read(): Promise<void> {
    if (Date.now() - this.lastRead > RELOAD_AFTER_MS) {
      this.log.warn("search index: the change log was not read for too long; loading everything again");
      return this.load();
    }
    const db = this.database.db;
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
      for (const id of ids) {
        const row = current.get(id);
        if (row) this.index.upsert(toRecord(row));
        else this.index.remove(id);
      }
    }
    this.xmin = rows[0]!.xmin;
    this.lastRead = Date.now();
  }
}
