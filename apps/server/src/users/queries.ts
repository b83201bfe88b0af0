import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { bookings, users } from "../db/schema.js";
import type { UserRow } from "../session/authenticate.js";
import { CENTAVOS } from "@vam/shared";
import { rewardsEarned } from "../ledger/public.js";
import { toSelfUser, type ReferralTotals } from "./serialize.js";

export async function findUserByUsername(db: Db, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserByReferralCode(db: Db, code: string) {
  const [user] = await db.select().from(users).where(eq(users.referralCode, code.toUpperCase())).limit(1);
  return user;
}

/** Which of `username` and `email` already belong to someone other than `exceptId`. */
export async function findTakenIdentity(db: Db, username: string, email: string, exceptId?: string) {
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`(lower(${users.username}) = ${username.toLowerCase()} or ${users.email} = ${email})`);
  const others = rows.filter((row) => row.id !== exceptId);
  return {
    username: others.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: others.some((row) => row.email === email),
  };
}

/** Both totals in one round trip. */
async function referralTotals(db: Db, userId: string): Promise<ReferralTotals> {
  const referred = db.select({ id: users.id }).from(users).where(eq(users.referredBy, userId));
  const [totals] = await db
    .select({
      referralCount: sql<number>`(${db.select({ n: count() }).from(users).where(eq(users.referredBy, userId))})`.mapWith(Number),
      referralBookings: sql<number>`(${db
        .select({ n: count() })
        .from(bookings)
        .where(and(inArray(bookings.clientId, referred), eq(bookings.status, "COMPLETED")))})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { ...totals!, moneyEarned: (await rewardsEarned(db, userId)) / CENTAVOS };
}

export async function selfView(db: Db, user: UserRow) {
  return toSelfUser(user, await referralTotals(db, user.id));
}

/**
 * A zone as kept: spelled as the time zone database spells it ("asia/manila" is "Asia/Manila"),
 * but never swapped for another name of the same zone ("Asia/Kolkata" stays, not "Asia/Calcutta").
 */
export function zoneAsKept(timeZone: string): string {
  const named = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  return named.toLowerCase() === timeZone.toLowerCase() ? named : timeZone;
}

/**
 * The browser's zone for an account that has none yet (its first sign-in since zones, decisions.md
 * "Time zones"); a zone already kept is never replaced here. Answers the row as it is now.
 */
export async function keepFirstTimeZone(db: Db, user: UserRow, timeZone: string | undefined): Promise<UserRow> {
  if (!timeZone || user.timeZone !== null) return user;
  const [updated] = await db
    .update(users)
    .set({ timeZone: zoneAsKept(timeZone) })
    .where(and(eq(users.id, user.id), isNull(users.timeZone)))
    .returning();
  if (updated) return updated;
  // Another sign-in kept one meanwhile: that one stays.
  const [current] = await db.select().from(users).where(eq(users.id, user.id));
  return current ?? user;
}

/** Settings' time zone: the person's own choice, replacing any. Answers the row as it is now. */
export async function setTimeZone(db: Db, userId: string, timeZone: string): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ timeZone: zoneAsKept(timeZone) })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Writes the account's edited fields; answers the row as it is now (the unique indexes may refuse it). */
export async function updateAccount(db: Db, userId: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}
