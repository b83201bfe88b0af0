import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createSession(db: Db, userId: string, ttlMs: number, userAgent?: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs), userAgent: userAgent?.slice(0, 512) ?? null });
  return token;
}

/** "Last seen" is kept to within this much, so a busy session writes once in a while, not on every request. */
export const LAST_SEEN_STEP_MS = 5 * 60_000;

/** Moves the session's "last seen" to now when it is older than LAST_SEEN_STEP_MS. */
export async function touchSession(db: Db, sessionId: string, lastSeenAt: Date) {
  const now = new Date();
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS))));
}

/** The account's live sessions, the most recently seen first. */
export async function liveSessionsOf(db: Db, userId: string) {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one live session of the user; false when it is not theirs or not live. */
export async function revokeUserSession(db: Db, userId: string, sessionId: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return ended.length === 1;
}

/** Ends every live session of the user but `keepId`; answers the ended ids (their sockets end too). */
export async function revokeOtherSessions(db: Db, userId: string, keepId: string | null) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...(keepId ? [ne(sessions.id, keepId)] : [])))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** The user of a live session (not revoked, not expired), or undefined. */
export async function findSessionUser(db: Db, token: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        // A suspended or deleted account has no live session, whatever its tokens say.
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The expiry of each of these sessions that is still live (not revoked, not expired, its account
 * not suspended or deleted); a session missing from the answer has ended. The ids go as one array
 * parameter (`= any(...)`), half the time of a list of 1,000 parameters.
 */
export async function liveSessionExpiries(db: Db, sessionIds: string[]): Promise<Map<string, Date>> {
  const live = new Map<string, Date>();
  if (sessionIds.length === 0) return live;
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        // One parameter, an array literal of uuids read from this table.
        sql`${sessions.id} = any(${`{${sessionIds.join(",")}}`}::uuid[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    );
  for (const row of rows) live.set(row.id, row.expiresAt);
  return live;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user (suspension). */
export async function endUserSessions(db: Db, userId: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
