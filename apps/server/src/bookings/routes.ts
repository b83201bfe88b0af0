import { bookingHorizonEnd, isWeekend, manilaDate } from "@vam/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ASSISTANT_RATE,
  MSG,
  availabilityQuerySchema,
  bookedSlotSchema,
  bookingSchema,
  consultantSummarySchema,
  createBookingSchema,
  paymentDetailsSchema,
  openPaymentSchema,
  unpaidHoldSchema,
  unpaidRefusal,
  centavosOf,
  type UnpaidHold,
  type BookedSlot,
  type ConsultantSummary,
} from "@vam/shared";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { badRequest } from "../http/errors.js";
import { bookableConsultant, bookingPrice, createBookings } from "./create.js";
import { openPayment, paymentDetails, platformQr, unpaidHoldOf } from "../payments/public.js";
import { bookingWhen } from "./changes.js";
import { offSlots } from "../time-off/public.js";
import { assistantById, completedHours, heldRangesFrom } from "./queries.js";
import { withoutReviews } from "./serialize.js";
import { assertBookableStart, bookingEnd, freeSlots, slotsHeld } from "../slots/public.js";

const tags = ["bookings"];
const consultantParams = idParams(MSG.consultantNotFound);

export async function bookingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  // Hours of the user's completed bookings, as client or as consultant.
  const hoursContract = {
    tags,
    summary: "Hours and number of one's completed bookings",
    security: bearer,
    response: { 200: z.object({ totalHours: z.number(), bookingsCount: z.number() }), ...errorResponses },
  };
  app.get("/bookings/total-hours", { ...auth, schema: hoursContract }, async (request) => {
    const me = currentUser(request);
    return completedHours(app.db, me.id);
  });

  const consultantContract = {
    tags,
    summary: "The Assistant one is booking",
    params: consultantParams,
    response: { 200: consultantSummarySchema, ...errorResponses },
  };
  app.get("/bookings/consultant/:id", { schema: consultantContract }, async (request): Promise<ConsultantSummary> => {
    const user = await assistantById(app.db, request.params.id);
    return { id: user.id, firstName: user.firstName, lastName: user.lastName, avatar: user.avatar, salaryRate: user.salaryRate ?? ASSISTANT_RATE };
  });

  // The payment step: the client's open payment of this choice (its reference and QR Ph code),
  // refused while the unpaid cap is reached (decisions.md, "Payment": told before, never after).
  const paymentContract = {
    tags,
    summary: "Open the payment of a booking or series: its reference and QR Ph code",
    security: bearer,
    body: openPaymentSchema,
    response: { 200: paymentDetailsSchema, ...errorResponses },
  };
  app.post("/bookings/payment", { ...auth, schema: paymentContract }, async (request) => {
    const me = currentUser(request);
    const { consultantId, duration, dates } = request.body;
    const consultant = await bookableConsultant(app.db, me, consultantId, undefined);
    const refusal = unpaidRefusal(await unpaidHoldOf(app.db, me.id), dates);
    if (refusal) throw badRequest(refusal);
    const amountCentavos = centavosOf(bookingPrice(consultant, duration) * dates);
    const payment = await openPayment(app.db, { clientId: me.id, consultantId: consultant.id, amountCentavos, dates, duration }, app.clock.now());
    return paymentDetails(await platformQr(app.db, app.config.paymentQrph), payment);
  });

  const unpaidContract = {
    tags,
    summary: "How much of the unpaid cap one holds, and whether one may book now",
    security: bearer,
    response: { 200: unpaidHoldSchema, ...errorResponses },
  };
  app.get("/bookings/unpaid", { ...auth, schema: unpaidContract }, async (request): Promise<UnpaidHold> => {
    const hold = await unpaidHoldOf(app.db, currentUser(request).id);
    return { ...hold, refusal: unpaidRefusal(hold) };
  });

  // Free slot starts ("HH:mm") of one weekday; weekends, past slots and held slots are never free.
  const availableContract = {
    tags,
    summary: "Free slot starts of one day",
    querystring: availabilityQuerySchema,
    response: { 200: z.array(z.string()), ...errorResponses },
  };
  app.get("/bookings/available", { schema: availableContract }, async (request) => {
    const { date, consultantId } = request.query;
    const consultant = await assistantById(app.db, consultantId);
    if (isWeekend(date)) return [];
    const off = new Set((await offSlots(app.db, consultant, date, date)).map((slot) => slot.time));
    return (await freeSlots(app.db, consultant.id, date, app.clock.now())).filter((time) => !off.has(time));
  });

  // Every slot held from today on, for the date picker: bookings, then time off (marked `off`).
  const bookedContract = {
    tags,
    summary: "Every slot held or taken off from today on",
    params: consultantParams,
    response: { 200: z.array(bookedSlotSchema), ...errorResponses },
  };
  app.get("/bookings/booked/:id", { schema: bookedContract }, async (request): Promise<BookedSlot[]> => {
    const consultant = await assistantById(app.db, request.params.id);
    const rows = await heldRangesFrom(app.db, consultant.id, app.clock.now());
    const today = manilaDate(app.clock.now());
    const off = await offSlots(app.db, consultant, today, bookingHorizonEnd(today));
    return [...rows.flatMap((row) => slotsHeld(row.startsAt, row.endsAt)), ...off];
  });

  const createContract = {
    tags,
    summary: "Book an Assistant",
    security: bearer,
    body: createBookingSchema,
    response: { 201: z.object({ booking: bookingSchema }), ...errorResponses },
  };
  app.post("/bookings/create", { ...auth, schema: createContract }, async (request, reply) => {
    const me = currentUser(request);
    const input = request.body;
    const consultant = await bookableConsultant(app.db, me, input.consultantId, input.referralCode);
    const now = app.clock.now();
    const startsAt = assertBookableStart(input.date, input.startTime, now);
    const endsAt = bookingEnd(startsAt, input.startTime, input.duration);
    const price = bookingPrice(consultant, input.duration);
    if (input.price !== undefined && input.price !== price) throw badRequest(MSG.bookingPriceMismatch, "price");

    const [created] = await createBookings(app, {
      client: me,
      consultant,
      dates: [{ date: input.date, startsAt, endsAt }],
      duration: input.duration,
      price,
      paymentReference: input.paymentReference,
      referralCode: input.referralCode,
      notice: ([booking]) => ({
        title: MSG.notificationTitle.newBooking,
        content: `${me.firstName} ${me.lastName} booked ${bookingWhen(booking!, consultant.timeZone)} for ${input.duration} hours.`,
      }),
      now,
    });
    request.log.info({ bookingId: created!.booking.id }, "booking created");
    return reply.status(201).send({ booking: withoutReviews(created!) });
  });
}
