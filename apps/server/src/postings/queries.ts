import { and, desc, eq, isNull } from "drizzle-orm";
import { MSG, type PostingData } from "@vam/shared";
import type { Db } from "../db/client.js";
import { postings, savedPostings, users } from "../db/schema.js";
import { notFound, rethrowViolation } from "../http/errors.js";

/** The columns a posting's form writes. */
const columns = (input: PostingData) => ({
  title: input.title,
  address: input.address,
  rate: input.rate,
  images: input.images,
  description: input.description,
  hours: input.hours ?? null,
  days: input.days ?? null,
  bathroom: input.bathroom ?? null,
  school: input.school ?? null,
});

/** A posting with its owner, whoever owns it (suspended or not). */
export async function postingWithOwner(db: Db, id: string) {
  const [row] = await db
    .select({ posting: postings, owner: users })
    .from(postings)
    .innerJoin(users, eq(users.id, postings.userId))
    .where(eq(postings.id, id));
  return row;
}

export async function isSavedBy(db: Db, userId: string | undefined, postingId: string) {
  if (!userId) return false;
  const [row] = await db
    .select({ postingId: savedPostings.postingId })
    .from(savedPostings)
    .where(and(eq(savedPostings.userId, userId), eq(savedPostings.postingId, postingId)));
  return Boolean(row);
}

export async function insertPosting(db: Db, userId: string, input: PostingData) {
  const [row] = await db
    .insert(postings)
    .values({ userId, ...columns(input) })
    .returning();
  return row!;
}

export async function updatePosting(db: Db, id: string, input: PostingData) {
  const [row] = await db
    .update(postings)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(postings.id, id))
    .returning();
  return row!;
}

export async function deletePosting(db: Db, id: string) {
  await db.delete(postings).where(eq(postings.id, id));
}

/** Saves the posting for the user, or unsaves it when it was saved; answers whether it is saved now. */
export async function toggleSaved(db: Db, userId: string, postingId: string): Promise<boolean> {
  const removed = await db
    .delete(savedPostings)
    .where(and(eq(savedPostings.userId, userId), eq(savedPostings.postingId, postingId)))
    .returning();
  if (removed.length > 0) return false;
  await db
    .insert(savedPostings)
    .values({ userId, postingId })
    .onConflictDoNothing()
    .catch(rethrowViolation({ kind: "foreignKey", answer: () => notFound(MSG.postingNotFound) }));
  return true;
}

/** The postings the user saved, most recently saved first, without those of suspended accounts. */
export const savedPostingsOf = (db: Db, userId: string) =>
  db
    .select({ posting: postings, owner: users })
    .from(savedPostings)
    .innerJoin(postings, eq(postings.id, savedPostings.postingId))
    .innerJoin(users, eq(users.id, postings.userId))
    .where(and(eq(savedPostings.userId, userId), isNull(users.suspendedAt)))
    .orderBy(desc(savedPostings.createdAt));
