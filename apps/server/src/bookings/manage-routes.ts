import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG, SLOT_STARTS, actionFor, bookingRefusal, bookingStatusSchema, bookingViewSchema, rescheduleSchema, type Booking } from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { bookings } from "../db/schema.js";
import { badRequest, conflict, notFound, parseWith, pgError } from "../http/errors.js";
import { pathId } from "../http/params.js";
import { payReferralReward } from "../referrals/rewards.js";
import { bookingCalendar } from "./calendar.js";
import { notifyOtherParty, publishChange } from "./changes.js";
import { bookingsWithParties, partyBooking } from "./queries.js";
import { bookingView, bookingViews } from "./serialize.js";
import { assertBookableStart, lockConsultant } from "./slots.js";

/** Lists, one booking, its calendar file, and the status and time changes of decisions.md. */
export async function bookingManagementRoutes(app: FastifyInstance) {
  const bookingId = (raw: string) => pathId(raw, MSG.bookingNotFound);

  // "My Bookings": what the user booked as a client.
  app.get("/bookings/made", { preHandler: app.authenticate }, async (request): Promise<Booking[]> => {
    const me = currentUser(request);
    return bookingViews(app.db, me.id, await bookingsWithParties(app.db, eq(bookings.clientId, me.id)));
  });

  app.get("/bookings/user", { preHandler: app.authenticate }, async (request): Promise<Booking[]> => {
    const me = currentUser(request);
    const { role } = parseWith(bookingViewSchema, request.query);
    const mine = role === "consultant" ? eq(bookings.consultantId, me.id) : eq(bookings.clientId, me.id);
    return bookingViews(app.db, me.id, await bookingsWithParties(app.db, mine));
  });

  app.get<{ Params: { id: string } }>("/bookings/:id", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    return { booking: await bookingView(app.db, me.id, await partyBooking(app.db, bookingId(request.params.id), me.id)) };
  });

  app.get<{ Params: { id: string } }>("/bookings/:id/calendar", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    const found = await partyBooking(app.db, bookingId(request.params.id), me.id);
    const publicUrl = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const { fileName, body } = bookingCalendar(found, me.id, publicUrl);
    return reply
      .header("content-type", "text/calendar; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(body);
  });

  app.put<{ Params: { id: string } }>("/bookings/:id/status", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const id = bookingId(request.params.id);
    const { status } = parseWith(bookingStatusSchema, request.body);

    const result = await app.db.transaction(async (tx) => {
      const found = await partyBooking(tx, id, me.id, { lock: true });
      const now = app.clock.now();
      const refusal = bookingRefusal(actionFor(status), found.booking, found.party, now);
      if (refusal) throw conflict(refusal);
      const [updated] = await tx
        .update(bookings)
        .set({
          status,
          // A cancellation is a new revision of the calendar event (METHOD:CANCEL).
          sequence: status === "CANCELLED" ? sql`${bookings.sequence} + 1` : undefined,
          cancelReason: status === "CANCELLED" ? (found.party === "client" ? "CLIENT" : "CONSULTANT") : undefined,
          completedAt: status === "COMPLETED" ? now : undefined,
          updatedAt: now,
        })
        .where(eq(bookings.id, id))
        .returning();
      const changed = { ...found, booking: updated! };
      const notice = await notifyOtherParty(tx, { status }, me, changed);
      const reward = status === "COMPLETED" ? await payReferralReward(tx, changed.booking, changed.client) : null;
      return { changed, notifications: [notice, reward] };
    });

    await publishChange(app, result.changed, result.notifications);
    request.log.info({ bookingId: id, status }, "booking status changed");
    return { booking: await bookingView(app.db, me.id, result.changed) };
  });

  app.put<{ Params: { id: string } }>("/bookings/:id/reschedule", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const id = bookingId(request.params.id);
    const input = parseWith(rescheduleSchema, request.body);
    const startsAt = assertBookableStart(input.date, input.startTime, app.clock.now());
    const [owner] = await app.db.select({ consultantId: bookings.consultantId }).from(bookings).where(eq(bookings.id, id));
    if (!owner) throw notFound(MSG.bookingNotFound);

    const result = await app.db
      .transaction(async (tx) => {
        // Queue behind the consultant's other booking writes, as creation does.
        await lockConsultant(tx, owner.consultantId);
        const found = await partyBooking(tx, id, me.id, { lock: true });
        const refusal = bookingRefusal("reschedule", found.booking, found.party, app.clock.now());
        if (refusal) throw conflict(refusal);
        if (found.booking.duration > 4 && input.startTime !== SLOT_STARTS[0]) throw badRequest(MSG.bookingFullDayFromMorning, "startTime");
        if (found.booking.startsAt.getTime() === startsAt.getTime()) return { changed: found, notifications: [] };
        // The exclusion constraint checks the new range against every other holding booking.
        const [updated] = await tx
          .update(bookings)
          .set({
            startsAt,
            endsAt: new Date(startsAt.getTime() + found.booking.duration * 3600_000),
            sequence: sql`${bookings.sequence} + 1`,
            updatedAt: app.clock.now(),
          })
          .where(eq(bookings.id, id))
          .returning();
        const changed = { ...found, booking: updated! };
        return { changed, notifications: [await notifyOtherParty(tx, { rescheduled: true }, me, changed)] };
      })
      .catch((error) => {
        if (pgError(error)?.code === "23P01") throw conflict(MSG.bookingSlotTaken);
        throw error;
      });

    if (result.notifications.length > 0) await publishChange(app, result.changed, result.notifications);
    return { booking: await bookingView(app.db, me.id, result.changed) };
  });
}
