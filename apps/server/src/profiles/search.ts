import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { MSG, type ProfilePage, type ProfileSearch } from "@vam/shared";
import type { Db } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { badRequest } from "../http/errors.js";
import { toProfilePost } from "./serialize.js";
import { matchSkills } from "./skill-match.js";

/** A substring, or a word within one small typo (pg_trgm's word similarity, threshold set per connection). */
function fuzzy(column: SQL, query: string): SQL {
  const q = query.toLowerCase();
  return sql`(${column} like ${`%${escapeLike(q)}%`} or ${q} <% ${column})`;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Cursor {
  /** Newest-first listing: the last row's creation time and id. */
  after?: { createdAt: string; id: string };
  /** Ranked search results: how many were already shown. */
  offset?: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(raw: string | undefined): Cursor {
  if (!raw) return {};
  try {
    const cursor = JSON.parse(Buffer.from(raw, "base64url").toString()) as Cursor;
    const validAfter = !cursor.after || (!Number.isNaN(Date.parse(cursor.after.createdAt)) && /^[0-9a-f-]{36}$/.test(cursor.after.id));
    const validOffset = cursor.offset === undefined || (Number.isInteger(cursor.offset) && cursor.offset >= 0);
    if (validAfter && validOffset) return cursor;
  } catch {
    // falls through to the error below
  }
  throw badRequest(MSG.invalidCursor, "cursor");
}

/**
 * Public listings of Assistants. Without criteria: newest first, paged by keyset. With
 * criteria (all must hold): best matches first, paged by offset.
 */
export async function searchProfiles(db: Db, search: ProfileSearch): Promise<ProfilePage> {
  const cursor = decodeCursor(search.cursor);
  const conditions: SQL[] = [eq(users.role, "Assistant")];
  const rank: SQL[] = [];
  const location = sql`lower(${users.location})`;

  if (search.userName) {
    conditions.push(fuzzy(sql`${users.searchName}`, search.userName));
    rank.push(sql`word_similarity(${search.userName.toLowerCase()}, ${users.searchName})`);
  }
  if (search.location) {
    conditions.push(fuzzy(location, search.location));
    rank.push(sql`word_similarity(${search.location.toLowerCase()}, ${location})`);
  }
  if (search.skills) {
    const skills = matchSkills(search.skills);
    if (skills.length === 0) return { items: [], nextCursor: null };
    conditions.push(sql`${users.skills} && ${sql.param(skills)}::text[]`);
  }

  const filtered = Boolean(search.userName || search.location || search.skills);
  if (!filtered && cursor.after) {
    conditions.push(
      sql`(${profiles.createdAt}, ${profiles.id}) < (${cursor.after.createdAt}::timestamptz, ${cursor.after.id}::uuid)`,
    );
  }
  const order = rank.length
    ? [desc(sql.join(rank, sql` + `)), desc(profiles.createdAt), desc(profiles.id)]
    : [desc(profiles.createdAt), desc(profiles.id)];

  const offset = filtered ? (cursor.offset ?? 0) : 0;
  const rows = await db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(search.limit + 1)
    .offset(offset);

  const items = rows.slice(0, search.limit).map((row) => toProfilePost(row.profile, row.user));
  if (rows.length <= search.limit) return { items, nextCursor: null };
  const last = rows[search.limit - 1]!.profile;
  const next: Cursor = filtered
    ? { offset: offset + search.limit }
    : { after: { createdAt: last.createdAt.toISOString(), id: last.id } };
  return { items, nextCursor: encodeCursor(next) };
}
