import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { reviewClosesAt, type BookingReviews, type Review } from "@vam/shared";
import type { Db } from "../db/client.js";
import { reviews, users } from "../db/schema.js";

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewAuthor = Pick<typeof users.$inferSelect, "id" | "firstName" | "lastName" | "avatar">;
export interface ReviewWithAuthor {
  review: ReviewRow;
  author: ReviewAuthor;
}

export const authorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar };

/** What every view of a review shows, whoever reads it. */
export const reviewFields = (review: ReviewRow): Omit<Review, "author"> => ({
  id: review.id,
  bookingId: review.bookingId,
  rating: review.rating,
  text: review.text,
  createdAt: review.createdAt.toISOString(),
  publishedAt: review.publishedAt?.toISOString() ?? null,
});

export const toReview = ({ review, author }: ReviewWithAuthor): Review => ({ ...reviewFields(review), author });

/** The reviews of these bookings with their authors, by booking id (one query). */
export async function reviewsOfBookings(db: Db, bookingIds: string[]): Promise<Map<string, ReviewWithAuthor[]>> {
  const byBooking = new Map<string, ReviewWithAuthor[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({ review: reviews, author: authorColumns })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(inArray(reviews.bookingId, bookingIds));
  for (const row of rows) byBooking.set(row.review.bookingId, [...(byBooking.get(row.review.bookingId) ?? []), row]);
  return byBooking;
}

/**
 * The reviews of one booking as `viewerId` may see them: their own always; the other party's
 * only once published (double-blind), and never one an operator hid.
 */
export function bookingReviewsFor(viewerId: string, completedAt: Date | null, rows: ReviewWithAuthor[] = []): BookingReviews {
  const mine = rows.find((row) => row.review.authorId === viewerId);
  const theirs = rows.find((row) => row.review.authorId !== viewerId);
  const theirsVisible = theirs && theirs.review.publishedAt && !theirs.review.hiddenAt ? theirs : undefined;
  return {
    mine: mine ? toReview(mine) : null,
    theirs: theirsVisible ? toReview(theirsVisible) : null,
    theirsSubmitted: theirs !== undefined,
    theirsHidden: Boolean(theirs?.review.hiddenAt),
    closesAt: completedAt ? reviewClosesAt(completedAt).toISOString() : null,
  };
}

/** Recomputes the stored average and count of the published, visible reviews about `userId`. */
export async function refreshRating(db: Db, userId: string) {
  const visible = and(eq(reviews.subjectId, userId), sql`${reviews.publishedAt} is not null`, isNull(reviews.hiddenAt));
  const [stats] = await db
    .select({ average: sql<number | null>`avg(${reviews.rating})::real`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(visible);
  await db
    .update(users)
    .set({ ratingAverage: stats?.count ? stats.average : null, reviewCount: stats?.count ?? 0 })
    .where(eq(users.id, userId));
}

/** Reviews of that booking (the condition `publishReviews` publishes by). */
export const ofBooking = (bookingId: string) => eq(reviews.bookingId, bookingId);

/** Who has already reviewed the booking. */
export async function reviewAuthorsOfBooking(db: Db, bookingId: string) {
  return db.select({ authorId: reviews.authorId }).from(reviews).where(eq(reviews.bookingId, bookingId));
}

/** Stores a new review (unpublished); the unique index refuses a second one by the same author. */
export async function insertReview(db: Db, review: typeof reviews.$inferInsert) {
  await db.insert(reviews).values(review);
}

/**
 * One page of the published, visible reviews about `subjectId` with their authors, newest first,
 * after the cursor's review when given: up to `limit` rows.
 */
export async function publishedReviewsOf(
  db: Db,
  subjectId: string,
  after: { publishedAt: string; id: string } | undefined,
  limit: number,
): Promise<ReviewWithAuthor[]> {
  return db
    .select({ review: reviews, author: authorColumns })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        eq(reviews.subjectId, subjectId),
        sql`${reviews.publishedAt} is not null`,
        isNull(reviews.hiddenAt),
        after ? sql`(${reviews.publishedAt}, ${reviews.id}) < (${after.publishedAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(limit);
}
