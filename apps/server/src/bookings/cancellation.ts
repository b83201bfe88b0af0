import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MSG,
  bookingSchema,
  cancellationQuoteSchema,
  cancellationSplit,
  centavosOf,
  operatorCancelSchema,
  type BookingParty,
  type CancellationQuote,
} from "@vam/shared";
import { recordAudit } from "../audit/record.js";
import { currentUser, operatorsOnly } from "../session/authenticate.js";
import { bookings } from "../db/schema.js";
import { queueBookingEmails } from "./emails.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { conflict } from "../http/errors.js";
import { postCancellation } from "../ledger/public.js";
import { createNotification, type NotificationRow } from "../notifications/public.js";
import { bookingWhen, publishChanges, seriesPayment } from "./changes.js";
import { bookingWithParties, bookingsWithParties, partyBooking } from "./queries.js";
import type { BookingRow } from "./serialize.js";
import { bookingViews } from "./serialize.js";

/**
 * What cancelling `dates` now would give back (decisions.md, "Cancelling, refunds, fees and
 * payouts"), by the server's clock: the cancel dialog says it before anyone confirms. A date whose
 * payment is not verified yet would come back in full if the money arrives.
 */
export function cancellationQuote(dates: BookingRow[], party: BookingParty, now: Date): CancellationQuote {
  const paid = dates.length > 0 && dates.every((booking) => booking.paymentStatus === "PAID");
  let refundCentavos = 0;
  let lateFeeCentavos = 0;
  for (const booking of dates) {
    const split = cancellationSplit(centavosOf(booking.price), booking.startsAt, now, paid ? party : "platform");
    refundCentavos += split.refundCentavos;
    lateFeeCentavos += split.lateFeeCentavos;
  }
  return { paid, dates: dates.length, refundCentavos, lateFeeCentavos, late: lateFeeCentavos > 0 };
}

/** The dates of a series still to come and open: what "cancel the rest" would cancel. */
export const restOfSeries = (dates: BookingRow[], now: Date) =>
  dates.filter((booking) => booking.startsAt > now && (booking.status === "PENDING" || booking.status === "CONFIRMED"));

/** The cancel dialog's quote for one booking, and an operator's cancellation. */
export async function cancellationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const params = idParams(MSG.bookingNotFound);

  const quoteContract = {
    tags: ["bookings"],
    summary: "What cancelling the booking now would give back to the client",
    security: bearer,
    params,
    response: { 200: cancellationQuoteSchema, ...errorResponses },
  };
  app.get("/bookings/:id/cancellation", { preValidation: app.authenticate, schema: quoteContract }, async (request) => {
    const me = currentUser(request);
    const found = await partyBooking(app.db, request.params.id, me.id);
    return cancellationQuote([found.booking], found.party, app.clock.now());
  });

  await app.register(async (admin) => {
    const operator = admin.withTypeProvider<ZodTypeProvider>();
    operatorsOnly(operator);
    const cancelContract = {
      tags: ["admin"],
      summary: "Cancel a booking (or the rest of its series) as the platform: paid dates are refunded in full",
      security: bearer,
      params,
      body: operatorCancelSchema,
      response: { 200: z.object({ bookings: z.array(bookingSchema) }), ...errorResponses },
    };
    operator.put("/admin/bookings/:id/cancel", { schema: cancelContract }, async (request) => {
      const me = currentUser(request);
      const { reason, wholeSeries } = request.body;
      const result = await app.db.transaction(async (tx) => {
        const now = app.clock.now();
        const target = await bookingWithParties(tx, request.params.id, { lock: true });
        const seriesId = wholeSeries ? target.booking.seriesId : null;
        if (seriesId) {
          await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(asc(bookings.id)).for("update");
        }
        const open = seriesId
          ? await bookingsWithParties(
              tx,
              and(eq(bookings.seriesId, seriesId), gt(bookings.startsAt, now), inArray(bookings.status, ["PENDING", "CONFIRMED"])),
            )
          : target.booking.status === "PENDING" || target.booking.status === "CONFIRMED"
            ? [target]
            : [];
        if (open.length === 0) throw conflict(MSG.operatorCancelNothing);
        const updated = await tx
          .update(bookings)
          .set({ status: "CANCELLED", cancelReason: "OPERATOR", sequence: sql`${bookings.sequence} + 1`, updatedAt: now })
          .where(
            inArray(
              bookings.id,
              open.map(({ booking }) => booking.id),
            ),
          )
          .returning();
        const changed = open.map((item) => ({ ...item, booking: updated.find((row) => row.id === item.booking.id)! }));
        let refundedCentavos = 0;
        for (const { booking } of changed) {
          const posted = await postCancellation(tx, booking, { at: now, actorId: me.id, feePercent: app.config.platformFeePercent });
          refundedCentavos += posted?.refund?.amountCentavos ?? 0;
        }
        const first = changed[0]!;
        const series = changed.length > 1 ? seriesPayment(changed) : undefined;
        const notices: NotificationRow[] = [];
        for (const user of [first.client, first.consultant]) {
          notices.push(
            await createNotification(tx, {
              userId: user.id,
              type: "BOOKING",
              title: MSG.notificationTitle.bookingCancelled,
              content: MSG.operatorCancelled(
                series ? `${bookingWhen(first.booking, user.timeZone)} (${changed.length} weekly dates)` : bookingWhen(first.booking, user.timeZone),
                reason,
              ),
              entityId: first.booking.id,
            }),
          );
        }
        await queueBookingEmails(tx, app, { kind: "bookingCancelled", item: first, series, reason: `by the platform (${reason})` });
        await recordAudit(tx, {
          actorId: me.id,
          action: "booking.cancelled",
          entityType: "booking",
          entityId: first.booking.id,
          before: { status: target.booking.status, dates: changed.length },
          after: { status: "CANCELLED", reason, dates: changed.length, refundedCentavos },
          at: now,
        });
        return { changed, notices };
      });
      await publishChanges(app, result.changed, result.notices);
      return { bookings: await bookingViews(app.db, me.id, result.changed) };
    });
  });
}
