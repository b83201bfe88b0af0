import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MSG, REVIEW_PAGE_SIZE, reviewCursorSchema, reviewPageSchema, reviewPageViewSchema, type ReviewPage } from "@vam/shared";
import { decodeCursor, encodeCursor } from "../http/cursor.js";
import { errorResponses, idParams } from "../http/contracts.js";
import { publishedReviewsOf, toReview } from "./queries.js";

/** The published reviews of a profile (writing one is a booking's route: bookings/review-routes.ts). */
export async function reviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["reviews"];

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
    const rows = await publishedReviewsOf(app.db, subjectId, after, REVIEW_PAGE_SIZE + 1);
    const items = rows.slice(0, REVIEW_PAGE_SIZE).map(toReview);
    const last = rows.length > REVIEW_PAGE_SIZE ? rows[REVIEW_PAGE_SIZE - 1]!.review : undefined;
    return { items, nextCursor: last ? encodeCursor({ publishedAt: last.publishedAt!.toISOString(), id: last.id }) : null };
  });
}
