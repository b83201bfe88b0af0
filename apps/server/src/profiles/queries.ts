import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { MSG, type ProjectPost } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { Db } from "../db/client.js";
import { postings, profiles, users } from "../db/schema.js";
import { conflict, rethrowViolation } from "../http/errors.js";

/** The ids and titles of a user's listings. */
export const listingsOf = (db: Db, userId: string) =>
  db.select({ id: profiles.id, title: profiles.title }).from(profiles).where(eq(profiles.userId, userId));

/** An Assistant's one listing, made from their profile; 409 when they already have it. */
export async function createListing(db: Db, user: UserRow) {
  const [created] = await db
    .insert(profiles)
    .values({ userId: user.id, title: `${user.firstName} ${user.lastName} Profile` })
    .returning()
    .catch(rethrowViolation({ kind: "unique", answer: () => conflict(MSG.listingExists) }));
  return created!;
}

export async function findListing(db: Db, id: string) {
  const [listing] = await db.select().from(profiles).where(eq(profiles.id, id));
  return listing;
}

export async function deleteListing(db: Db, id: string, ownerId: string) {
  await db.delete(profiles).where(and(eq(profiles.id, id), eq(profiles.userId, ownerId)));
}

/** A user with their listing, if any. */
export async function userWithListing(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The user's postings as the "projects" of their profile, newest first; none for a suspended account. */
export async function projectsOf(db: Db, userId: string): Promise<ProjectPost[]> {
  const rows = await db
    .select({ id: postings.id, title: postings.title, images: postings.images, rate: postings.rate, createdAt: postings.createdAt })
    .from(postings)
    .innerJoin(users, eq(users.id, postings.userId))
    .where(and(eq(postings.userId, userId), isNull(users.suspendedAt)))
    .orderBy(desc(postings.createdAt), asc(postings.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
