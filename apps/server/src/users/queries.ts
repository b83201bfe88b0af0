import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { bookings, users } from "../db/schema.js";
import type { UserRow } from "../auth/authenticate.js";
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
