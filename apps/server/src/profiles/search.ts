import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  SLOTS,
  SLOT_HOURS,
  bookingHorizonEnd,
  isWeekend,
  manilaDate,
  manilaInstant,
  profileCursorSchema,
  type ProfilePage,
  type ProfileSearch,
  type SearchMatch,
} from "@vam/shared";
import { queryRows, type Db } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { HOLDING } from "../bookings/slots.js";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { toProfilePost } from "./serialize.js";
import { matchSkills } from "./skill-match.js";
import { deletions, queryWords, typoAllowance, wordMatch } from "./search-words.js";

/*
 * Profile search (decisions.md "Search", decision 0013). Without name or place words: the
 * listings newest first. With them: each query word is resolved against the vocabulary first
 * (equal, prefix for the last word of a field, typo keys), then the listings holding a match
 * for every word are ranked and paged by keyset over the rank.
 */

/** A word of the query: which field it searches, and whether it may be a prefix (the last word of its field). */
export interface QueryWord {
  text: string;
  place: boolean;
  prefix: boolean;
}

/** A vocabulary word a query word matches, and how. */
interface Candidate {
  pos: number;
  word: string;
  typos: number;
  exact: boolean;
  length: number;
}

/** A prefix expands to at most this many vocabulary words, the most used first. */
const PREFIX_WORDS = 100;

/** What a ranked page's cursor holds: the last listing's rank, and how many query words were ignored. */
const rankedCursorSchema = z.strictObject({
  exact: z.number().int(),
  typos: z.number().int(),
  username: z.number().int(),
  rating: z.number(),
  /** Microseconds since 1970 (a Date would lose them, and with them ties). */
  listedUs: z.string().regex(/^\d{1,20}$/),
  id: z.uuid(),
  ignored: z.number().int().min(0).max(10),
});

interface RankRow extends Record<string, unknown> {
  user_id: string;
  listing_id: string;
  exact_n: number;
  typo_n: number;
  username_n: number;
  rating: number;
  listed_us: string;
  matches: { field: number; word: string; length: number }[];
}

/** The name words, then the place words. */
function wordsOf(search: ProfileSearch): QueryWord[] {
  const field = (text: string | undefined, place: boolean) => queryWords(text).map((word) => ({ text: word, place, prefix: false }));
  return [...field(search.userName, false), ...field(search.location, true)];
}

/** The first `count` words, the last of each field a prefix ("people type"; also after the words after it were dropped). */
function firstWords(words: QueryWord[], count: number): QueryWord[] {
  const kept = words.slice(0, count);
  return kept.map((word, i) => ({ ...word, prefix: !kept.slice(i + 1).some((later) => later.place === word.place) }));
}

/** The vocabulary words each query word matches (one round trip), checked against the allowance. */
export async function resolve(db: Db, words: QueryWord[]): Promise<Candidate[]> {
  const keys: string[] = [];
  const keyPos: number[] = [];
  const prefixes: string[] = [];
  const prefixPos: number[] = [];
  words.forEach((word, pos) => {
    for (const key of deletions(word.text, typoAllowance(word.text.length))) {
      keys.push(key);
      keyPos.push(pos);
    }
    if (word.prefix) {
      prefixes.push(word.text);
      prefixPos.push(pos);
    }
  });
  const rows = await queryRows<{ pos: number; word: string; name_uses: number; username_uses: number; place_uses: number }>(
    db,
    sql`
    select distinct q.pos, w.word, w.name_uses, w.username_uses, w.place_uses
      from unnest(${sql.param(keys)}::text[], ${sql.param(keyPos)}::int[]) as q(key, pos)
      join search_keys k on k.key = q.key
      join search_words w on w.word = k.word
    union
    select p.pos, w.word, w.name_uses, w.username_uses, w.place_uses
      from unnest(${sql.param(prefixes)}::text[], ${sql.param(prefixPos)}::int[]) as p(prefix, pos)
      cross join lateral (
        select word, name_uses, username_uses, place_uses from search_words
         where word ~>=~ p.prefix and word ~<~ (p.prefix || '{') and word <> p.prefix
         order by name_uses + username_uses + place_uses desc limit ${PREFIX_WORDS}
      ) as w`,
  );
  const found: Candidate[] = [];
  for (const row of rows) {
    const word = words[row.pos]!;
    const uses = word.place ? row.place_uses : row.name_uses + row.username_uses;
    if (uses <= 0) continue;
    const match = wordMatch(word.text, row.word, word.prefix);
    if (match) found.push({ pos: row.pos, word: row.word, ...match });
  }
  return found;
}

/** Skills and "available on": conditions on the listing's user, for both orders. */
function filters(search: ProfileSearch, now: Date): SQL[] | null {
  const conditions: SQL[] = [];
  for (const skill of search.skills) {
    const skills = matchSkills(skill);
    if (skills.length === 0) return null;
    conditions.push(sql`${users.skills} && ${sql.param(skills)}::text[]`);
  }
  if (search.date) {
    const free = freeThen(search.date, search.slot, now);
    if (!free) return null;
    conditions.push(free);
  }
  return conditions;
}

/**
 * Free on `date` (in `slot`, or in either slot): by the booking rules, a future weekday slot
 * within the horizon that no holding booking overlaps. Null when no such slot can exist.
 */
function freeThen(date: string, slot: ProfileSearch["slot"], now: Date): SQL | null {
  if (isWeekend(date) || date > bookingHorizonEnd(manilaDate(now))) return null;
  const starts = SLOTS.filter((s) => !slot || s.label === slot)
    .map((s) => manilaInstant(date, s.start))
    .filter((start) => start > now);
  if (starts.length === 0) return null;
  const freeSlot = (start: Date) => {
    const end = new Date(start.getTime() + SLOT_HOURS * 3600_000);
    return sql`not exists (select 1 from bookings b where b.consultant_id = ${users.id} and b.status in (${sql.join(
      HOLDING.map((status) => sql`${status}`),
      sql`, `,
    )}) and b.starts_at < ${end.toISOString()}::timestamptz and b.ends_at > ${start.toISOString()}::timestamptz)`;
  };
  return sql`(${sql.join(starts.map(freeSlot), sql` or `)})`;
}

/** Listings newest first (no name or place words), paged by (created at, id). */
async function newestFirst(db: Db, search: ProfileSearch, conditions: SQL[]): Promise<ProfilePage> {
  const where = [eq(users.role, "Assistant"), isNull(users.suspendedAt), ...conditions];
  if (search.cursor) {
    const after = decodeCursor(profileCursorSchema, search.cursor);
    where.push(sql`(${profiles.createdAt}, ${profiles.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...where))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(search.limit + 1);
  const items = rows.slice(0, search.limit).map((row) => ({ ...toProfilePost(row.profile, row.user), matches: [] }));
  const last = rows.length > search.limit ? rows[search.limit - 1]!.profile : undefined;
  return { items, nextCursor: last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null, ignoredWords: [] };
}

type RankedCursor = z.infer<typeof rankedCursorSchema>;

/** Listings after `after` in rank order: more exact words, fewer typos, fewer username matches, rating, newest. */
function afterRank(after: RankedCursor): SQL {
  const listedUs = sql`${after.listedUs}::bigint`;
  return sql`(exact_n < ${after.exact} or exact_n = ${after.exact} and (typo_n > ${after.typos} or typo_n = ${after.typos} and (
    username_n > ${after.username} or username_n = ${after.username} and (coalesce(rating, -1) < ${after.rating} or coalesce(rating, -1) = ${after.rating} and (
    listed_us < ${listedUs} or listed_us = ${listedUs} and listing_id < ${after.id}::uuid)))))`;
}

/** One ranked page for `words` (all must match), or null when nothing matches them all. */
async function rankedPage(db: Db, words: QueryWord[], search: ProfileSearch, conditions: SQL[], after: RankedCursor | undefined) {
  const candidates = await resolve(db, words);
  if (new Set(candidates.map((c) => c.pos)).size < words.length) return [];
  const column = <K extends keyof Candidate>(key: K) => candidates.map((c) => c[key]);
  const fieldOf = candidates.map((c) => (words[c.pos]!.place ? 2 : 0));
  const userFilter = conditions.length > 0 ? sql`and exists (select 1 from users where users.id = ranked.user_id and ${and(...conditions)})` : sql``;
  const rows = await queryRows<RankRow>(
    db,
    sql`
    with cand(pos, word, typos, exact, len, field) as (
      select * from unnest(${sql.param(column("pos"))}::int[], ${sql.param(column("word"))}::text[], ${sql.param(column("typos"))}::int[], ${sql.param(column("exact"))}::bool[],
                           ${sql.param(column("length"))}::int[], ${sql.param(fieldOf)}::int[])
    ),
    hits as (
      select distinct on (p.user_id, c.pos) p.user_id, p.listing_id, p.rating, p.listed_at, p.field, p.word, c.pos, c.exact, c.typos, c.len
        from cand c join search_postings p on p.word = c.word and (p.field = c.field or c.field = 0 and p.field = 1)
       order by p.user_id, c.pos, c.exact desc, c.typos, p.field
    ),
    ranked as (
      select user_id, listing_id, rating, (extract(epoch from listed_at) * 1000000)::bigint as listed_us, count(*) filter (where exact)::int as exact_n, sum(typos)::int as typo_n,
             count(*) filter (where field = 1)::int as username_n, json_agg(json_build_object('field', field, 'word', word, 'length', len)) as matches
        from hits group by user_id, listing_id, rating, listed_at having count(*) = ${words.length}
    )
    select * from ranked where true ${userFilter} ${after ? sql`and ${afterRank(after)}` : sql``}
     order by exact_n desc, typo_n, username_n, coalesce(rating, -1) desc, listed_us desc, listing_id desc
     limit ${search.limit + 1}`,
  );
  return rows;
}

const toMatch = (match: RankRow["matches"][number]): SearchMatch => ({
  field: match.field === 2 ? "location" : "name",
  word: match.word,
  length: match.length,
});

/** Ranked search: every word must match; when nothing matches them all, words are dropped from the end. */
async function ranked(db: Db, search: ProfileSearch, conditions: SQL[], words: QueryWord[]): Promise<ProfilePage> {
  const after = search.cursor ? decodeCursor(rankedCursorSchema, search.cursor) : undefined;
  let ignored = after?.ignored ?? 0;
  let rows = ignored < words.length ? await rankedPage(db, firstWords(words, words.length - ignored), search, conditions, after) : [];
  while (!after && rows.length === 0 && ignored < words.length - 1) {
    ignored += 1;
    rows = await rankedPage(db, firstWords(words, words.length - ignored), search, conditions, undefined);
  }
  if (rows.length === 0) return { items: [], nextCursor: null, ignoredWords: [] };

  const page = rows.slice(0, search.limit);
  const listed = await db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      inArray(
        profiles.id,
        page.map((row) => row.listing_id),
      ),
    );
  const byId = new Map(listed.map((row) => [row.profile.id, row]));
  const items = page.flatMap((row) => {
    const found = byId.get(row.listing_id);
    return found ? [{ ...toProfilePost(found.profile, found.user), matches: row.matches.map(toMatch) }] : [];
  });
  const last = rows.length > search.limit ? page[page.length - 1] : undefined;
  const nextCursor = last
    ? encodeCursor({
        exact: last.exact_n,
        typos: last.typo_n,
        username: last.username_n,
        rating: last.rating ?? -1,
        listedUs: String(last.listed_us),
        id: last.listing_id,
        ignored,
      } satisfies RankedCursor)
    : null;
  const allWords = words.map((word) => word.text);
  return { items, nextCursor, ignoredWords: allWords.slice(allWords.length - ignored) };
}

/**
 * Public listings of Assistants: ranked by how well they match the name and place words, or
 * newest first without them; skills and "available on" filter both. `now` decides which slots
 * are still free.
 */
export async function searchProfiles(db: Db, search: ProfileSearch, now: Date): Promise<ProfilePage> {
  const conditions = filters(search, now);
  if (!conditions) return { items: [], nextCursor: null, ignoredWords: [] };
  const words = wordsOf(search);
  return words.length === 0 ? newestFirst(db, search, conditions) : ranked(db, search, conditions, words);
}
