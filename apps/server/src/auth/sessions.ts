import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The user of a live session (not revoked, not expired), or undefined. */
export async function findSessionUser(db: Db, token: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        // A suspended account has no live session, whatever its tokens say.
        isNull(users.suspendedAt),
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
