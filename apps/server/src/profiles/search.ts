import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
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
  type ProfilePost,
  type ProfileSearch,
  type SearchMatch,
} from "@vam/shared";
import { queryRows, type Db } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { HOLDING } from "../bookings/slots.js";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { matchSkills } from "./skill-match.js";
import { allowanceOf, deletions, queryWords, wordMatch } from "./search-words.js";

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

/** A vocabulary word a query word matches, and how; with how many listings hold it in each field. */
export interface Candidate {
  pos: number;
  word: string;
  typos: number;
  exact: boolean;
  length: number;
  uses: [name: number, username: number, place: number];
}

/** A prefix expands to at most this many vocabulary words, the most used first. */
const PREFIX_WORDS = 100;

/** What a ranked page's cursor holds: the last listing's rank, and how many query words were ignored. */
const rankedCursorSchema = z.strictObject({
  exact: z.number().int(),
  typos: z.number().int(),
  username: z.number().int(),
  rating: z.number(),
  /** To the microsecond, as the database wrote it (a Date would lose them, and with them ties). */
  listedAt: z.iso.datetime(),
  id: z.uuid(),
  ignored: z.number().int().min(0).max(10),
});

/** A listing as a card shows it (CARD_COLUMNS), with its time to the microsecond for the cursor. */
interface CardRow extends Record<string, unknown> {
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
}

/** A ranked listing: its rating as ranked, and the candidate words it holds (for the highlight). */
interface RankRow extends CardRow {
  rating: number;
  held: { word: string; field: number }[];
}

/** What a card shows, from `users` and `profiles` (toHit reads them). */
const CARD_COLUMNS = sql.raw(`users.username, users.first_name, users.last_name, users.avatar, users.role, users.location, users.skills,
  users.salary_rate, users.experience, users.availability, users.bio, users.rating_average, users.review_count,
  users.created_at as member_since, profiles.title, profiles.response_time, profiles.created_at, profiles.updated_at`);

const iso = (value: Date | string) => new Date(value).toISOString();

/** A ranked row as the card shows it. */
const toHit = (row: CardRow): ProfilePost => ({
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
});

/** How a listing holds a query word: exactly or not, with how many typos, in a username (else a name or the place). */
interface Option {
  exact: boolean;
  typos: number;
  username: boolean;
}

/** A listing field (0 name, 1 username, 2 place) and the candidate words that give one option at one position. */
interface Choice {
  pos: number;
  option: Option;
  field: number;
  words: string[];
  /** Listings holding one of these words there: the smallest choice drives the query. */
  uses: number;
}

/** Rank of a listing's match over all words: more exact, fewer typos, fewer username matches. */
interface Rank {
  exact: number;
  typos: number;
  username: number;
}

const compareOptions = (a: Option, b: Option) => Number(b.exact) - Number(a.exact) || a.typos - b.typos || Number(a.username) - Number(b.username);
const compareRanks = (a: Rank, b: Rank) => b.exact - a.exact || a.typos - b.typos || a.username - b.username;
const sameOption = (a: Option, b: Option) => compareOptions(a, b) === 0;

/** Per position, the ways its candidates can be held, best first. */
function choicesOf(words: QueryWord[], candidates: Candidate[]): Choice[][] {
  return words.map((word, pos) => {
    const choices: Choice[] = [];
    for (const candidate of candidates.filter((c) => c.pos === pos)) {
      const fields = word.place ? [2] : [0, 1];
      for (const field of fields) {
        const uses = candidate.uses[field]!;
        if (uses <= 0) continue;
        const option = { exact: candidate.exact, typos: candidate.typos, username: field === 1 };
        const choice = choices.find((c) => c.field === field && sameOption(c.option, option));
        if (choice) {
          choice.words.push(candidate.word);
          choice.uses += uses;
        } else choices.push({ pos, option, field, words: [candidate.word], uses });
      }
    }
    return choices.sort((a, b) => compareOptions(a.option, b.option));
  });
}

/** Every way of holding all the words (one choice per position), grouped by rank, best rank first. */
function combinations(choices: Choice[][]): { rank: Rank; combos: Choice[][] }[] {
  let combos: Choice[][] = [[]];
  for (const position of choices) combos = combos.flatMap((combo) => position.map((choice) => [...combo, choice]));
  const groups: { rank: Rank; combos: Choice[][] }[] = [];
  for (const combo of combos) {
    const rank = {
      exact: combo.filter((c) => c.option.exact).length,
      typos: combo.reduce((sum, c) => sum + c.option.typos, 0),
      username: combo.filter((c) => c.option.username).length,
    };
    const group = groups.find((g) => compareRanks(g.rank, rank) === 0);
    if (group) group.combos.push(combo);
    else groups.push({ rank, combos: [combo] });
  }
  return groups.sort((a, b) => compareRanks(a.rank, b.rank));
}

/** A posting of the listing `d` holding one of `words` in `field`. */
const holds = (field: number, words: string[]) =>
  sql`exists (select 1 from search_postings x where x.user_id = d.user_id and x.field = ${field} and x.word = any(${sql.param(words)}::text[]))`;

/**
 * The listings of one combination, in rank order: driven by its rarest word set (read in rating
 * and date order from the rank index), each checked to hold the other words, and to hold no
 * better match for any word (it is then listed under that better rank instead).
 */
function comboQuery(combo: Choice[], positions: Choice[][], conditions: SQL[], after: RankedCursor | undefined, limit: number, ordinal: number): SQL {
  const driver = combo.reduce((rarest, choice) => (choice.uses < rarest.uses ? choice : rarest));
  const checks: SQL[] = [];
  for (const choice of combo) {
    if (choice !== driver) checks.push(holds(choice.field, choice.words));
    for (const better of positions[choice.pos]!) {
      if (compareOptions(better.option, choice.option) >= 0) break;
      checks.push(sql`not ${holds(better.field, better.words)}`);
    }
  }
  if (conditions.length > 0) checks.push(sql`exists (select 1 from users where users.id = d.user_id and ${and(...conditions)})`);
  if (after) checks.push(sql`(d.rating, d.listed_at, d.listing_id) < (${after.rating}::real, ${after.listedAt}::timestamptz, ${after.id}::uuid)`);
  const words = driver.words.length === 1 ? sql`d.word = ${driver.words[0]}` : sql`d.word = any(${sql.param(driver.words)}::text[])`;
  return sql`(select ${ordinal}::int as ordinal, d.user_id, d.listing_id, d.rating, to_char(d.listed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as listed_at
    from search_postings d where ${words} and d.field = ${driver.field} ${sql.join(
      checks.map((check) => sql` and ${check}`),
      sql``,
    )}
    order by d.rating desc nulls last, d.listed_at desc nulls last, d.listing_id desc nulls last limit ${limit})`;
}

/** The best match of each word among a listing's words, for the highlight. */
function matchesOf(held: { word: string; field: number }[], words: QueryWord[], candidates: Candidate[]): SearchMatch[] {
  return words.flatMap((_, pos) => {
    let best: { candidate: Candidate; field: number } | undefined;
    for (const candidate of candidates.filter((c) => c.pos === pos)) {
      for (const posting of held.filter((h) => h.word === candidate.word)) {
        const option = { exact: candidate.exact, typos: candidate.typos, username: posting.field === 1 };
        const bestOption = best && { exact: best.candidate.exact, typos: best.candidate.typos, username: best.field === 1 };
        if (words[pos]!.place !== (posting.field === 2)) continue;
        if (!bestOption || compareOptions(option, bestOption) < 0) best = { candidate, field: posting.field };
      }
    }
    return best
      ? [{ field: best.field === 2 ? ("location" as const) : ("name" as const), word: best.candidate.word, length: best.candidate.length }]
      : [];
  });
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
    for (const key of deletions(word.text, allowanceOf(word.text))) {
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
    if (match) found.push({ pos: row.pos, word: row.word, ...match, uses: [row.name_uses, row.username_uses, row.place_uses] });
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
  const rows = await queryRows<CardRow>(
    db,
    sql`select profiles.id as listing_id, profiles.user_id, ${CARD_COLUMNS},
               to_char(profiles.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as listed_at
          from profiles join users on users.id = profiles.user_id
         where ${and(...where)}
         order by profiles.created_at desc, profiles.id desc limit ${search.limit + 1}`,
  );
  const items = rows.slice(0, search.limit).map((row) => ({ ...toHit(row), matches: [] }));
  const last = rows.length > search.limit ? rows[search.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ createdAt: last.listed_at, id: last.listing_id }) : null, ignoredWords: [] };
}

type RankedCursor = z.infer<typeof rankedCursorSchema>;

interface RankedRow extends RankRow {
  rank: Rank;
}

/**
 * One ranked page for `words` (all must match): rank by rank, the combinations of each rank
 * merged by rating and date, until the page is full. Empty when nothing matches them all.
 */
async function rankedPage(db: Db, words: QueryWord[], candidates: Candidate[], conditions: SQL[], after: RankedCursor | undefined, limit: number) {
  const positions = choicesOf(words, candidates);
  if (positions.some((choices) => choices.length === 0)) return [];
  const cursorRank = after && { exact: after.exact, typos: after.typos, username: after.username };
  const ranks = combinations(positions).filter(({ rank }) => !cursorRank || compareRanks(rank, cursorRank) >= 0);
  const branchesOf = (group: (typeof ranks)[number], ordinal: number, need: number) => {
    const keyset = cursorRank && compareRanks(group.rank, cursorRank) === 0 ? after : undefined;
    return group.combos.map((combo) => comboQuery(combo, positions, conditions, keyset, need, ordinal));
  };
  // One round trip for the best rank (it usually fills the page), then one for all the others.
  const rows: RankedRow[] = [];
  for (const [from, to] of [
    [0, 1],
    [1, ranks.length],
  ] as const) {
    const need = limit + 1 - rows.length;
    const branches = ranks.slice(from, to).flatMap((group, i) => branchesOf(group, from + i, need));
    if (branches.length === 0 || need <= 0) break;
    const found = await queryRows<RankRow & { ordinal: number }>(db, pageQuery(branches, need, candidates));
    rows.push(...found.map((row) => ({ ...row, rank: ranks[row.ordinal]!.rank })));
  }
  return rows;
}

/** The page's rows in rank order, with what the cards show and the words they hold. */
function pageQuery(branches: SQL[], need: number, candidates: Candidate[]): SQL {
  const order = sql`ordinal, rating desc nulls last, listed_at desc nulls last, listing_id desc nulls last`;
  return sql`select page.*, ${CARD_COLUMNS},
                    (select coalesce(json_agg(json_build_object('word', x.word, 'field', x.field)), '[]') from search_postings x
                      where x.user_id = page.user_id and x.word = any(${sql.param(candidates.map((c) => c.word))}::text[])) as held
               from (select * from (${sql.join(branches, sql` union all `)}) as ranked order by ${order} limit ${need}) as page
               join users on users.id = page.user_id
               join profiles on profiles.id = page.listing_id
              order by ${order}`;
}

/** Ranked search: every word must match; when nothing matches them all, words are dropped from the end. */
async function ranked(db: Db, search: ProfileSearch, conditions: SQL[], words: QueryWord[]): Promise<ProfilePage> {
  const after = search.cursor ? decodeCursor(rankedCursorSchema, search.cursor) : undefined;
  let ignored = after?.ignored ?? 0;
  const attempt = async () => {
    const kept = firstWords(words, words.length - ignored);
    const candidates = await resolve(db, kept);
    return { kept, candidates, rows: await rankedPage(db, kept, candidates, conditions, after, search.limit) };
  };
  if (ignored >= words.length) return { items: [], nextCursor: null, ignoredWords: [] };
  let result = await attempt();
  while (!after && result.rows.length === 0 && ignored < words.length - 1) {
    ignored += 1;
    result = await attempt();
  }
  const { kept, candidates, rows } = result;
  if (rows.length === 0) return { items: [], nextCursor: null, ignoredWords: [] };

  const page = rows.slice(0, search.limit);
  const items = page.map((row) => ({ ...toHit(row), matches: matchesOf(row.held, kept, candidates) }));
  const last = rows.length > search.limit ? page[page.length - 1] : undefined;
  const nextCursor = last
    ? encodeCursor({ ...last.rank, rating: last.rating, listedAt: last.listed_at, id: last.listing_id, ignored } satisfies RankedCursor)
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
