import { queueBookingEmails } from "./emails.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG, actionFor, bookingRefusal, bookingSchema, bookingStatusSchema, bookingViewSchema, rescheduleSchema, type Booking } from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { publishMessage } from "../chat/public.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { conflict, notFound } from "../http/errors.js";
import { postCancellation, postCompletion } from "../ledger/public.js";
import { payReferralReward } from "./referral-reward.js";
import { assertNotOff } from "../time-off/public.js";
import { bookingCalendar } from "./calendar.js";
import { storeAcceptedMessage } from "./create.js";
import { seriesCalendar } from "./series-calendar.js";
import { notifyOtherParty, publishChange } from "./changes.js";
import {
  bookingsMadeBy,
  bookingsOf,
  consultantOfBooking,
  moveBooking,
  occurrencesOf,
  partyBooking,
  seriesById,
  setBookingStatus,
} from "./queries.js";
import { bookingView, bookingViews } from "./serialize.js";
import { assertBookableStart, bookingEnd, lockConsultant, rethrowSlotTaken } from "../slots/public.js";

/** Lists, one booking, its calendar file, and the status and time changes of docs/spec/decisions.md. */
export async function bookingManagementRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ["bookings"];
  const params = idParams(MSG.bookingNotFound);
  const oneBooking = { 200: z.object({ booking: bookingSchema }), ...errorResponses };
  const bookingList = { 200: z.array(bookingSchema), ...errorResponses };

  // "My Bookings": what the user booked as a client.
  const madeContract = { tags, summary: "The bookings one made as a client", security: bearer, response: bookingList };
  app.get("/bookings/made", { ...auth, schema: madeContract }, async (request): Promise<Booking[]> => {
    const me = currentUser(request);
    return bookingViews(app.db, me.id, await bookingsMadeBy(app.db, me.id));
  });

  const userContract = {
    tags,
    summary: "One's bookings as consultant or as client",
    security: bearer,
    querystring: bookingViewSchema,
    response: bookingList,
  };
  app.get("/bookings/user", { ...auth, schema: userContract }, async (request): Promise<Booking[]> => {
    const me = currentUser(request);
    const { role } = request.query;
    return bookingViews(app.db, me.id, await bookingsOf(app.db, me.id, role));
  });

  const readContract = { tags, summary: "One of one's bookings", security: bearer, params, response: oneBooking };
  app.get("/bookings/:id", { ...auth, schema: readContract }, async (request) => {
    const me = currentUser(request);
    return { booking: await bookingView(app.db, me.id, await partyBooking(app.db, request.params.id, me.id)) };
  });

  const calendarContract = {
    tags,
    summary: "The booking as a calendar file (a date of a weekly series: the whole series)",
    security: bearer,
    params,
    produces: ["text/calendar"],
    response: { 200: z.string().describe("An iCalendar file (text/calendar)"), ...errorResponses },
  };
  app.get("/bookings/:id/calendar", { ...auth, schema: calendarContract }, async (request, reply) => {
    const me = currentUser(request);
    const found = await partyBooking(app.db, request.params.id, me.id);
    const publicUrl = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    // A date of a weekly series downloads the whole series: one event that repeats.
    const seriesId = found.booking.seriesId;
    const { fileName, body } = seriesId
      ? seriesCalendar(await seriesById(app.db, seriesId), await occurrencesOf(app.db, seriesId), me.id, publicUrl, app.clock.now())
      : bookingCalendar(found, me.id, publicUrl);
    return reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(body);
  });

  const statusContract = {
    tags,
    summary: "Accept, decline, cancel or complete",
    security: bearer,
    params,
    body: bookingStatusSchema,
    response: oneBooking,
  };
  app.put("/bookings/:id/status", { ...auth, schema: statusContract }, async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const { status } = request.body;

    const result = await app.db.transaction(async (tx) => {
      const found = await partyBooking(tx, id, me.id, { lock: true });
      const now = app.clock.now();
      const refusal = bookingRefusal(actionFor(status), found.booking, found.party, now);
      if (refusal) throw conflict(refusal);
      const updated = await setBookingStatus(tx, id, status, found.party, now);
      const changed = { ...found, booking: updated };
      const notice = await notifyOtherParty(tx, { status }, me, changed);
      await queueBookingEmails(tx, app, { kind: STATUS_EMAIL[status], item: changed, actor: me });
      const money = { at: now, actorId: me.id, feePercent: app.config.platformFeePercent };
      if (status === "CANCELLED") await postCancellation(tx, changed.booking, money);
      if (status === "COMPLETED") await postCompletion(tx, changed.booking, money);
      const reward = status === "COMPLETED" ? await payReferralReward(tx, changed.booking, changed.client, now) : null;
      // Accepting is when the consultant's automatic "Confirming your booking." is true.
      const accepted = status === "CONFIRMED" ? await storeAcceptedMessage(tx, changed.client, changed.consultant) : null;
      return { changed, notifications: [notice, reward], accepted };
    });
    if (result.accepted) await publishMessage(app, result.accepted, result.changed.consultant, { push: false });

    await publishChange(app, result.changed, result.notifications);
    request.log.info({ bookingId: id, status }, "booking status changed");
    return { booking: await bookingView(app.db, me.id, result.changed) };
  });

  const rescheduleContract = {
    tags,
    summary: "Move a booking to another slot",
    security: bearer,
    params,
    body: rescheduleSchema,
    response: oneBooking,
  };
  app.put("/bookings/:id/reschedule", { ...auth, schema: rescheduleContract }, async (request) => {
    const me = currentUser(request);
    const { id } = request.params;
    const input = request.body;
    const startsAt = assertBookableStart(input.date, input.startTime, app.clock.now());
    const consultantId = await consultantOfBooking(app.db, id);
    if (!consultantId) throw notFound(MSG.bookingNotFound);

    const result = await app.db
      .transaction(async (tx) => {
        // Queue behind the consultant's other booking writes, as creation does.
        await lockConsultant(tx, consultantId);
        const found = await partyBooking(tx, id, me.id, { lock: true });
        const refusal = bookingRefusal("reschedule", found.booking, found.party, app.clock.now());
        if (refusal) throw conflict(refusal);
        const endsAt = bookingEnd(startsAt, input.startTime, found.booking.duration);
        if (found.booking.startsAt.getTime() === startsAt.getTime()) return { changed: found, notifications: [] };
        await assertNotOff(tx, consultantId, startsAt, endsAt);
        // The exclusion constraint checks the new range against every other holding booking.
        const updated = await moveBooking(tx, id, startsAt, endsAt, app.clock.now());
        const changed = { ...found, booking: updated };
        await queueBookingEmails(tx, app, { kind: "bookingRescheduled", item: changed, actor: me });
        return { changed, notifications: [await notifyOtherParty(tx, { rescheduled: true }, me, changed)] };
      })
      .catch(rethrowSlotTaken);

    if (result.notifications.length > 0) await publishChange(app, result.changed, result.notifications);
    return { booking: await bookingView(app.db, me.id, result.changed) };
  });
}

/** The email of each status a party sets. */
const STATUS_EMAIL = { CONFIRMED: "bookingAccepted", CANCELLED: "bookingCancelled", COMPLETED: "bookingCompleted" } as const;
