import { eq, sql } from "drizzle-orm";
import { textArray, type Db } from "../db/client.js";
import { users } from "../db/schema.js";

/** What an unsubscribe link needs of its user (the key signing it, whether deleted, the kinds off), or undefined. */
export async function unsubscribeUser(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, emailKey: users.emailKey, deletedAt: users.deletedAt, emailOff: users.emailOff })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Switches one kind of email on or off for the user. */
export async function switchEmailKind(db: Db, userId: string, kind: string, on: boolean): Promise<void> {
  await db
    .update(users)
    .set({ emailOff: on ? setKinds([], [kind]) : setKinds([kind], []) })
    .where(eq(users.id, userId));
}

/** `email_off` with `off` added and `on` removed, in one statement (two tabs switching two kinds both win). */
export function setKinds(off: readonly string[], on: readonly string[]) {
  return sql`(select coalesce(array_agg(distinct kind order by kind), '{}'::text[]) from unnest(array_cat(${users.emailOff}, ${textArray(off)})) as kind where kind <> all(${textArray(on)}))`;
}

/** Switches kinds of email off and on for the account; answers the kinds now switched off. */
export async function setEmailKinds(db: Db, userId: string, off: readonly string[], on: readonly string[]): Promise<string[]> {
  const [updated] = await db
    .update(users)
    .set({ emailOff: setKinds(off, on) })
    .where(eq(users.id, userId))
    .returning({ emailOff: users.emailOff });
  return updated!.emailOff;
}
