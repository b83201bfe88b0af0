import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { accountTokens } from "../db/schema.js";

export type TokenPurpose = "reset" | "verify";
type TokenRow = typeof accountTokens.$inferSelect;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new link token: 32 random bytes in the link, only its SHA-256 in the database. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose, expiresAt: Date, email?: string) {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), email: email ?? null, expiresAt });
  return token;
}

/** The token's row whatever its state (the caller tells expired from used), or undefined. */
export async function findToken(db: Db, token: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks the token used if it still was not: false when another request used it first. */
export async function useToken(db: Db, id: string, now: Date) {
  const used = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  return used.length === 1;
}

/** Ends every other unused link of that purpose (a new reset link makes older ones useless). */
export async function retireTokens(db: Db, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
