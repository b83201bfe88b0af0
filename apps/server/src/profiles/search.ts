import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { profileCursorSchema, type ProfilePage, type ProfileSearch } from "@vam/shared";
import type { Db } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { toProfilePost } from "./serialize.js";
import { matchSkills } from "./skill-match.js";

const MAX_WORDS = 5;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word of the query must appear in `column`, as a substring or within a small typo
 * (pg_trgm's word similarity; the threshold is set per connection). Word by word, so that
 * "Cebu City" does not also match every other city.
 */
function everyWord(column: SQL, query: string): SQL[] {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ].slice(0, MAX_WORDS);
  return words.map((word) => sql`(${column} like ${`%${escapeLike(word)}%`} or ${word} <% ${column})`);
}

/**
 * Public listings of Assistants, newest first, paged by keyset. Criteria are optional and
 * must all hold. Newest first also for searches: it lets PostgreSQL stop after one page
 * instead of ranking every match, which keeps common names fast at 100,000 listings.
 */
export async function searchProfiles(db: Db, search: ProfileSearch): Promise<ProfilePage> {
  const conditions: SQL[] = [eq(users.role, "Assistant"), isNull(users.suspendedAt)];
  if (search.userName) conditions.push(...everyWord(sql`${users.searchName}`, search.userName));
  if (search.location) conditions.push(...everyWord(sql`lower(${users.location})`, search.location));
  if (search.skills) {
    const skills = matchSkills(search.skills);
    if (skills.length === 0) return { items: [], nextCursor: null };
    conditions.push(sql`${users.skills} && ${sql.param(skills)}::text[]`);
  }
  if (search.cursor) {
    const after = decodeCursor(profileCursorSchema, search.cursor);
    conditions.push(sql`(${profiles.createdAt}, ${profiles.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }

  const rows = await db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...conditions))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(search.limit + 1);

  const items = rows.slice(0, search.limit).map((row) => toProfilePost(row.profile, row.user));
  if (rows.length <= search.limit) return { items, nextCursor: null };
  const last = rows[search.limit - 1]!.profile;
  return { items, nextCursor: encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) };
}
