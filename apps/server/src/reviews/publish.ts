import { MSG } from "@vam/shared";
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { bookings, reviews, users } from "../db/schema.js";
import { createNotification, type NotificationRow } from "../notifications/public.js";
import { refreshRating } from "./queries.js";

const stars = (rating: number) => `${rating} star${rating === 1 ? "" : "s"}`;

/**
 * Publishes the unpublished reviews matching `where` at `now`, inside the caller's transaction:
 * refreshes the rating of each subject and tells them (REVIEW notification, entity = booking).
 * Answers the notifications to announce after commit.
 */
export async function publishReviews(tx: Db, where: SQL, now: Date): Promise<NotificationRow[]> {
  const published = await tx
    .update(reviews)
    .set({ publishedAt: now })
    .where(and(isNull(reviews.publishedAt), where))
    .returning();
  if (published.length === 0) return [];
  const authorIds = [...new Set(published.map((review) => review.authorId))];
  const authors = new Map(
    (await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, authorIds))).map(
      (author) => [author.id, author],
    ),
  );
  for (const subjectId of new Set(published.map((review) => review.subjectId))) await refreshRating(tx, subjectId);
  const notices: NotificationRow[] = [];
  for (const review of published) {
    if (review.hiddenAt) continue;
    const author = authors.get(review.authorId);
    notices.push(
      await createNotification(tx, {
        userId: review.subjectId,
        type: "REVIEW",
        title: MSG.notificationTitle.newReview,
        content: `${author?.firstName ?? "Someone"} ${author?.lastName ?? ""} reviewed you: ${stars(review.rating)}.`.replace("  ", " "),
        entityId: review.bookingId,
      }),
    );
  }
  return notices;
}

/** Reviews of bookings whose review window closed before `windowStart` (completed earlier). */
export const windowClosedBefore = (windowStart: Date) =>
  inArray(
    reviews.bookingId,
    sql`(select ${bookings.id} from ${bookings} where ${eq(bookings.status, "COMPLETED")} and ${bookings.completedAt} <= ${windowStart.toISOString()}::timestamptz)`,
  );
