import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, bookingSchema, createReviewSchema, reviewRefusal } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { conflict, rethrowViolation } from "../http/errors.js";
import { insertReview, ofBooking, publishReviews, reviewAuthorsOfBooking } from "../reviews/public.js";
import { publishChange } from "./changes.js";
import { partyBooking } from "./queries.js";
import { bookingView } from "./serialize.js";

/**
 * Writing a review of a completed booking. A booking's route: it locks the booking and answers
 * it, so it lives with the bookings, which stand above reviews (they show a booking's reviews).
 */
export async function bookingReviewRoutes(base: FastifyInstance) {
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
        const written = await reviewAuthorsOfBooking(tx, id);
        const refusal = reviewRefusal(
          found.booking,
          written.some((row) => row.authorId === me.id),
          now,
        );
        if (refusal) throw conflict(refusal);
        const subject = found.party === "client" ? found.consultant : found.client;
        await insertReview(tx, { bookingId: id, authorId: me.id, subjectId: subject.id, rating: input.rating, text: input.text, createdAt: now });
        // Double-blind: both become visible once both are written.
        const notices = written.length > 0 ? await publishReviews(tx, ofBooking(id), now) : [];
        return { found, notices };
      })
      .catch(rethrowViolation({ kind: "unique", answer: () => conflict(MSG.reviewExists) }));

    // A published review changes a rating that search results show.
    if (result.notices.length > 0) await app.searchIndex.settle();
    await publishChange(app, result.found, result.notices);
    request.log.info({ bookingId: id }, "review written");
    return reply.status(201).send({ booking: await bookingView(app.db, me.id, result.found) });
  });
}
