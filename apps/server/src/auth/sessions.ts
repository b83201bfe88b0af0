import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, ne } from "drizzle-orm";
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

/** Which of these sessions are still live (not revoked, not expired, their account not suspended). */
export async function liveSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let start = 0; start < sessionIds.length; start += 1000) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, sessionIds.slice(start, start + 1000)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          isNull(users.suspendedAt),
        ),
      );
    for (const row of rows) live.add(row.id);
  }
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
