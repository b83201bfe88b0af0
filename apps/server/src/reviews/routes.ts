import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MSG,
  REVIEW_PAGE_SIZE,
  bookingSchema,
  createReviewSchema,
  reviewCursorSchema,
  reviewPageSchema,
  reviewPageViewSchema,
  reviewRefusal,
  type ReviewPage,
} from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { publishChange } from "../bookings/changes.js";
import { partyBooking } from "../bookings/queries.js";
import { bookingView } from "../bookings/serialize.js";
import { reviews, users } from "../db/schema.js";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { conflict, rethrowViolation } from "../http/errors.js";
import { publishReviews } from "./publish.js";
import { authorColumns, toReview } from "./queries.js";

/** Writing a review of a completed booking, and the published reviews of a profile. */
export async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["reviews"];

  const writeContract = {
    tags,
    summary: "Review a completed booking (double-blind)",
    security: bearer,
    params: idParams(MSG.bookingNotFound),
    body: createReviewSchema,
    response: { 201: z.object({ booking: bookingSchema }), ...errorResponses },
  };
  app.post("/bookings/:id/review", { preValidation: app.authenticate, schema: writeContract }, async (request, reply) => {
    const me = currentUser(request);
    const { id } = request.params;
    const input = request.body;

    const result = await app.db
      .transaction(async (tx) => {
        // The booking's lock serialises the two parties: the second writer always sees the first.
        const found = await partyBooking(tx, id, me.id, { lock: true });
        const now = app.clock.now();
        const written = await tx.select({ authorId: reviews.authorId }).from(reviews).where(eq(reviews.bookingId, id));
        const refusal = reviewRefusal(
          found.booking,
          written.some((row) => row.authorId === me.id),
          now,
        );
        if (refusal) throw conflict(refusal);
        const subject = found.party === "client" ? found.consultant : found.client;
        await tx
          .insert(reviews)
          .values({ bookingId: id, authorId: me.id, subjectId: subject.id, rating: input.rating, text: input.text, createdAt: now });
        // Double-blind: both become visible once both are written.
        const notices = written.length > 0 ? await publishReviews(tx, eq(reviews.bookingId, id), now) : [];
        return { found, notices };
      })
      .catch(rethrowViolation({ kind: "unique", answer: () => conflict(MSG.reviewExists) }));

    // A published review changes a rating that search results show.
    if (result.notices.length > 0) await app.searchIndex.settle();
    await publishChange(app, result.found, result.notices);
    request.log.info({ bookingId: id }, "review written");
    return reply.status(201).send({ booking: await bookingView(app.db, me.id, result.found) });
  });

  const pageContract = {
    tags,
    summary: "Published reviews about a user, newest first (by cursor)",
    params: idParams(MSG.userNotFound),
    querystring: reviewPageSchema,
    response: { 200: reviewPageViewSchema, ...errorResponses },
  };
  app.get("/profiles/:id/reviews", { schema: pageContract }, async (request): Promise<ReviewPage> => {
    const subjectId = request.params.id;
    const { cursor } = request.query;
    const after = cursor ? decodeCursor(reviewCursorSchema, cursor) : undefined;
    const rows = await app.db
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
      .limit(REVIEW_PAGE_SIZE + 1);
    const items = rows.slice(0, REVIEW_PAGE_SIZE).map(toReview);
    const last = rows.length > REVIEW_PAGE_SIZE ? rows[REVIEW_PAGE_SIZE - 1]!.review : undefined;
    return { items, nextCursor: last ? encodeCursor({ publishedAt: last.publishedAt!.toISOString(), id: last.id }) : null };
  });
}
