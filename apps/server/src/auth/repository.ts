import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { accountTokens, users } from "../db/schema.js";
import type { UserRow } from "../session/authenticate.js";

/** Creates the account's row; answers it as stored. */
export async function insertUser(tx: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [created] = await tx.insert(users).values(values).returning();
  return created;
}

/** Stores the account's password hash. */
export async function setPasswordHash(tx: Db, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The account with that email address, or undefined. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The account by id, or undefined. */
export async function userById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Locks the account's row until the transaction ends (serialises that account's requests). */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** How many reset links the account was sent since `since`. */
export async function resetLinksSince(tx: Db, userId: string, since: Date): Promise<number> {
  const [recent] = await tx
    .select({ n: count() })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "reset"), gt(accountTokens.createdAt, since)));
  return recent?.n ?? 0;
}

/** Sets the password chosen with a reset link. */
export async function setResetPassword(tx: Db, userId: string, passwordHash: string, now: Date) {
  // The link reached the account's address: that proves the address too.
  const [user] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: now, ...(user && !user.verifiedAt && { emailVerifiedAt: now }) })
    .where(eq(users.id, userId));
}

/** Marks the account's current address verified. */
export async function markEmailVerified(tx: Db, userId: string, now: Date) {
  await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

/** Replaces the account's address with a newly verified one (the unique index may refuse it). */
export async function replaceEmail(tx: Db, userId: string, address: string, now: Date) {
  await tx.update(users).set({ email: address, emailVerifiedAt: now, pendingEmail: null, updatedAt: now }).where(eq(users.id, userId));
}
