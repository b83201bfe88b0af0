import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MSG,
  bookingHorizonEnd,
  createTimeOffSchema,
  holidaysSwitchSchema,
  isWeekend,
  manilaDate,
  messageSchema,
  timeOffOverviewSchema,
  timeOffViewSchema,
  type TimeOffOverview,
  type TimeOffView,
} from "@vam/shared";
import { currentUser, type UserRow } from "../session/authenticate.js";
import { lockConsultant } from "../slots/public.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { badRequest, conflictWith, forbidden, notFound } from "../http/errors.js";
import { regularHolidays } from "./holidays.js";
import {
  addBlock,
  blocksFrom,
  bookingsHolding,
  holidaysWithBookings,
  offOwner,
  removeBlock,
  setHolidaysSwitch,
  weekdaySlotsOf,
  type TimeOffRow,
} from "./queries.js";

const toView = (row: TimeOffRow): TimeOffView => ({ id: row.id, from: row.startsOn, to: row.endsOn, slot: row.slot, note: row.note });

/**
 * An Assistant's time off (decisions.md, Recurring bookings and time off): blocks of dates or of
 * one slot, and the switch that makes the regular holidays time off. Blocked time is never
 * bookable; blocking time that holds a pending or confirmed booking is refused with the list.
 * Every write takes the consultant's booking lock, as booking does, so neither slips past the other.
 */
export async function timeOffRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["time off"];
  app.addHook("preValidation", app.authenticate);
  const assistant = (user: UserRow) => {
    if (user.role !== "Assistant") throw forbidden(MSG.timeOffAssistantsOnly);
    return user;
  };

  async function overview(user: UserRow): Promise<TimeOffOverview> {
    const today = manilaDate(app.clock.now());
    const horizon = bookingHorizonEnd(today);
    const rows = await blocksFrom(app.db, user.id, today);
    const owner = await offOwner(app.db, user.id);
    const ahead = regularHolidays(today, horizon);
    const kept = owner.holidaysOff ? ahead.filter((holiday) => owner.holidaysKept.includes(holiday.date)) : [];
    return {
      blocks: rows.map(toView),
      holidaysOff: owner.holidaysOff,
      holidays: ahead.filter((holiday) => !isWeekend(holiday.date)),
      // No query when nothing is kept (the common case).
      keptHolidays: kept.length > 0 ? await holidaysWithBookings(app.db, user.id, kept, false) : [],
    };
  }

  const listContract = {
    tags,
    summary: "One's time off from today on, the holiday switch and the holidays ahead",
    security: bearer,
    response: { 200: timeOffOverviewSchema, ...errorResponses },
  };
  app.get("/time-off", { schema: listContract }, async (request) => overview(assistant(currentUser(request))));

  const createContract = {
    tags,
    summary: "Block dates or one slot (409 with the bookings it would cover)",
    security: bearer,
    body: createTimeOffSchema,
    response: { 201: z.object({ timeOff: timeOffViewSchema }), ...errorResponses },
  };
  app.post("/time-off", { schema: createContract }, async (request, reply) => {
    const me = assistant(currentUser(request));
    const { from, to, slot = null, note = null } = request.body;
    const today = manilaDate(app.clock.now());
    if (from < today) throw badRequest(MSG.timeOffPast, "from");
    if (to > bookingHorizonEnd(today)) throw badRequest(MSG.timeOffBeyondHorizon, "to");
    const created = await app.db.transaction(async (tx) => {
      await lockConsultant(tx, me.id);
      const held = await bookingsHolding(tx, me.id, weekdaySlotsOf({ from, to, slot }));
      if (held.length > 0) throw conflictWith(MSG.timeOffOverBookings(held.length), { bookings: held });
      return addBlock(tx, { assistantId: me.id, startsOn: from, endsOn: to, slot, note });
    });
    await app.searchIndex.settle();
    request.log.info({ timeOffId: created.id }, "time off added");
    return reply.status(201).send({ timeOff: toView(created) });
  });

  const removeContract = {
    tags,
    summary: "Remove a block of one's time off",
    security: bearer,
    params: idParams(MSG.timeOffNotFound),
    response: { 200: messageSchema, ...errorResponses },
  };
  app.delete("/time-off/:id", { schema: removeContract }, async (request) => {
    const me = assistant(currentUser(request));
    const removed = await removeBlock(app.db, request.params.id, me.id);
    if (!removed) throw notFound(MSG.timeOffNotFound);
    await app.searchIndex.settle();
    return { message: MSG.timeOffRemoved };
  });

  const holidaysContract = {
    tags,
    summary: "Whether the regular holidays are time off (409 with the holidays that hold bookings, unless they are kept as working days)",
    security: bearer,
    body: holidaysSwitchSchema,
    response: { 200: timeOffOverviewSchema, ...errorResponses },
  };
  app.put("/time-off/holidays", { schema: holidaysContract }, async (request) => {
    const me = assistant(currentUser(request));
    const { on, keepBooked = false } = request.body;
    await app.db.transaction(async (tx) => {
      await lockConsultant(tx, me.id);
      // The holidays that hold bookings now: refused, or kept as working days when asked.
      let kept: string[] = [];
      if (on) {
        const today = manilaDate(app.clock.now());
        const booked = await holidaysWithBookings(tx, me.id, regularHolidays(today, bookingHorizonEnd(today)), true);
        if (booked.length > 0 && !keepBooked) {
          throw conflictWith(MSG.holidaysOverBookings(booked.length), {
            bookings: booked.flatMap((holiday) => holiday.bookings),
            bookedHolidays: booked,
          });
        }
        kept = booked.map((holiday) => holiday.date);
      }
      await setHolidaysSwitch(tx, me.id, on, kept, app.clock.now());
    });
    await app.searchIndex.settle();
    return overview(me);
  });
}
