import { queueBookingEmails } from "./emails.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MSG,
  SERIES_WEEKS_MIN,
  bookingRefusal,
  bookingSchema,
  cancellationQuoteSchema,
  createSeriesSchema,
  formatLongDate,
  formatTime,
  manilaDate,
  manilaTime,
  readsAsManila,
  seriesDates,
} from "@vam/shared";
import { currentUser, type UserRow } from "../session/authenticate.js";
import { findOrStartChat, publishMessage, storeMessage } from "../chat/public.js";
import type { Db } from "../db/client.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { createNotification } from "../notifications/public.js";
import { bookableConsultant, bookingPrice, createBookings, storeAcceptedMessage } from "./create.js";
import { bookingWhen, publishChanges, seriesPayment } from "./changes.js";
import { cancelBookings, confirmBookings, lockedOccurrences, partyOf, seriesBookings, seriesById } from "./queries.js";
import { bookingViews, withoutReviews } from "./serialize.js";
import { assertBookableStart, bookingEnd } from "../slots/public.js";
import { postCancellation } from "../ledger/public.js";
import { cancellationQuote, restOfSeries } from "./cancellation.js";

/** A weekly series' row, 404 unless `userId` is one of its parties. */
async function partySeries(db: Db, seriesId: string, userId: string) {
  const series = await seriesById(db, seriesId);
  if (series.clientId !== userId && series.consultantId !== userId) throw notFound(MSG.seriesNotFound);
  return { series, party: series.consultantId === userId ? ("consultant" as const) : ("client" as const) };
}

/**
 * Weekly series (decisions.md, Recurring bookings): created whole or not at all and paid at once;
 * the consultant accepts every pending date at once; either party cancels the rest at once. Each
 * date is a booking, so one date is still moved or cancelled through the single-booking routes.
 */
export async function seriesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ["bookings"];
  const params = idParams(MSG.seriesNotFound);
  const manyBookings = z.object({ bookings: z.array(bookingSchema) });

  const createContract = {
    tags,
    summary: "Book the same weekday and slot for 2 to 12 weeks (409 with the taken dates)",
    security: bearer,
    body: createSeriesSchema,
    response: { 201: manyBookings, ...errorResponses },
  };
  app.post("/bookings/series", { ...auth, schema: createContract }, async (request, reply) => {
    const me = currentUser(request);
    const input = request.body;
    const consultant = await bookableConsultant(app.db, me, input.consultantId, input.referralCode);
    const now = app.clock.now();
    const firstStartsAt = assertBookableStart(input.date, input.startTime, now);
    const all = seriesDates(input.date, input.weeks);
    const skipped = new Set(input.skipDates ?? []);
    if ([...skipped].some((date) => !all.includes(date))) throw badRequest(MSG.seriesSkipInvalid, "skipDates");
    const dates = all.filter((date) => !skipped.has(date));
    if (dates.length < SERIES_WEEKS_MIN) throw badRequest(MSG.seriesTooFew, "skipDates");
    const times = dates.map((date) => {
      const startsAt = assertBookableStart(date, input.startTime, now);
      return { date, startsAt, endsAt: bookingEnd(startsAt, input.startTime, input.duration) };
    });
    const price = bookingPrice(consultant, input.duration);
    if (input.price !== undefined && input.price !== price * dates.length) throw badRequest(MSG.bookingPriceMismatch, "price");

    const created = await createBookings(app, {
      client: me,
      consultant,
      dates: times,
      duration: input.duration,
      price,
      paymentReference: input.paymentReference,
      referralCode: input.referralCode,
      series: { firstStartsAt, weeks: input.weeks },
      notice: (rows) => ({
        title: MSG.notificationTitle.newWeeklyBooking,
        content: `${me.firstName} ${me.lastName} booked ${rows.length} weekly dates from ${bookingWhen(rows[0]!, consultant.timeZone)} for ${input.duration} hours each.`,
      }),
      now,
    });
    request.log.info({ seriesId: created[0]!.booking.seriesId, dates: created.length }, "series created");
    return reply.status(201).send({ bookings: created.map((item) => withoutReviews(item)) });
  });

  const acceptContract = {
    tags,
    summary: "Accept every pending date of a series (the Assistant)",
    security: bearer,
    params,
    response: { 200: manyBookings, ...errorResponses },
  };
  app.put("/bookings/series/:id/accept", { ...auth, schema: acceptContract }, async (request) => {
    const me = currentUser(request);
    const { party } = await partySeries(app.db, request.params.id, me.id);
    if (party !== "consultant") throw conflict(MSG.seriesOnlyConsultant);
    const result = await app.db.transaction(async (tx) => {
      const now = app.clock.now();
      const open = (await lockedOccurrences(tx, request.params.id)).filter(
        ({ booking }) => booking.status === "PENDING" && booking.startsAt > now && !bookingRefusal("accept", booking, party, now),
      );
      if (open.length === 0) throw conflict(MSG.seriesNothingToAccept);
      const ids = open.map(({ booking }) => booking.id);
      const updated = await confirmBookings(tx, ids, now);
      const changed = open.map((item) => ({ ...item, booking: updated.find((row) => row.id === item.booking.id)! }));
      const first = changed[0]!;
      const notification = await createNotification(tx, {
        userId: first.client.id,
        type: "BOOKING",
        title: MSG.notificationTitle.weeklyBookingConfirmed,
        content: `${me.firstName} ${me.lastName} confirmed ${changed.length} weekly dates from ${bookingWhen(first.booking, first.client.timeZone)}.`,
        entityId: first.booking.id,
      });
      await queueBookingEmails(tx, app, { kind: "bookingAccepted", item: first, actor: me, series: seriesPayment(changed) });
      const message = await storeAcceptedMessage(tx, first.client, me);
      return { changed, notification, message };
    });
    await publishMessage(app, result.message, me, { push: false });
    await publishChanges(app, result.changed, [result.notification]);
    request.log.info({ seriesId: request.params.id, dates: result.changed.length }, "series accepted");
    return { bookings: await bookingViews(app.db, me.id, result.changed) };
  });

  const quoteContract = {
    tags,
    summary: "What cancelling the rest of a series now would give back to the client",
    security: bearer,
    params,
    response: { 200: cancellationQuoteSchema, ...errorResponses },
  };
  app.get("/bookings/series/:id/cancellation", { ...auth, schema: quoteContract }, async (request) => {
    const me = currentUser(request);
    const { party } = await partySeries(app.db, request.params.id, me.id);
    const dates = await seriesBookings(app.db, request.params.id);
    const now = app.clock.now();
    return cancellationQuote(restOfSeries(dates, now), party, now);
  });

  const cancelContract = {
    tags,
    summary: "Cancel every date of a series not started yet (either party)",
    security: bearer,
    params,
    response: { 200: manyBookings, ...errorResponses },
  };
  app.put("/bookings/series/:id/cancel", { ...auth, schema: cancelContract }, async (request) => {
    const me = currentUser(request);
    const { party } = await partySeries(app.db, request.params.id, me.id);
    const result = await app.db.transaction(async (tx) => {
      const now = app.clock.now();
      const rest = (await lockedOccurrences(tx, request.params.id)).filter(
        ({ booking }) => booking.startsAt > now && !bookingRefusal("cancel", booking, party, now),
      );
      if (rest.length === 0) throw conflict(MSG.seriesNothingToCancel);
      const ids = rest.map(({ booking }) => booking.id);
      const updated = await cancelBookings(tx, ids, party, now);
      const changed = rest.map((item) => ({ ...item, booking: updated.find((row) => row.id === item.booking.id)! }));
      // Each paid date on its own: the 24-hour rule reads each date's start (decision 0020).
      for (const { booking } of changed) await postCancellation(tx, booking, { at: now, actorId: me.id, feePercent: app.config.platformFeePercent });
      const first = changed[0]!;
      const other: UserRow = partyOf(first.booking, me.id) === "client" ? first.consultant : first.client;
      // One message and one notification for the whole rest, not one a date.
      const { chat } = await findOrStartChat(tx, me.id, other.id);
      const startsAt = first.booking.startsAt;
      // The message is one text that both read: where either reads another clock, it says whose the time is.
      const time = `${formatTime(manilaTime(startsAt))}${[me, other].every((user) => readsAsManila(startsAt, user.timeZone)) ? "" : " Manila"}`;
      const message = await storeMessage(tx, chat, me, MSG.seriesCancelledChat(changed.length, formatLongDate(manilaDate(startsAt)), time));
      const notification = await createNotification(tx, {
        userId: other.id,
        type: "BOOKING",
        title: MSG.notificationTitle.weeklyBookingCancelled,
        content: `${me.firstName} ${me.lastName} cancelled the remaining ${changed.length} weekly dates from ${bookingWhen(first.booking, other.timeZone)}.`,
        entityId: first.booking.id,
      });
      await queueBookingEmails(tx, app, { kind: "bookingCancelled", item: first, actor: me, series: seriesPayment(changed) });
      return { changed, message, notification };
    });
    await publishMessage(app, result.message, me, { push: false });
    await publishChanges(app, result.changed, [result.notification]);
    request.log.info({ seriesId: request.params.id, dates: result.changed.length }, "series cancelled");
    return { bookings: await bookingViews(app.db, me.id, result.changed) };
  });
}
