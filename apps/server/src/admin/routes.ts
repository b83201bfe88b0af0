import { DAY_MS, HOUR_MS, manilaDate, manilaInstant, mondayOf, shiftDate } from "@vam/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  MSG,
  adminBookingSchema,
  adminListQuerySchema,
  adminPageSchema,
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  adminReviewSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUserSchema,
  auditEntrySchema,
  paymentDecisionSchema,
  reviewVisibilitySchema,
  suspensionSchema,
  type AdminPage,
  type AdminPayment,
  type AdminReview,
  type AdminStats,
  type AdminUser,
  type AdminUserDetail,
  type AuditEntry,
  type BookingStatus,
  type PaymentAgeFilter,
} from "@vam/shared";
import { currentUser, operatorsOnly } from "../session/authenticate.js";
import { endUserSessions } from "../session/sessions.js";
import { endUserPush } from "../push/public.js";
import { decidePayment, publishPaymentDecision } from "../bookings/public.js";
import { bearer, errorResponses, idParams, loadedFirst } from "../http/contracts.js";
import { conflict, notFound } from "../http/errors.js";
import { refreshRating, reviewFields } from "../reviews/public.js";
import { recordAudit } from "../audit/record.js";
import {
  accountTotals,
  activeUsersSince,
  auditPage,
  bookingFigures,
  bookingsByWeek,
  bookingsOfUser,
  findUser,
  lockedReview,
  makeOperator,
  paymentOfBooking,
  paymentsAwaitingVerification,
  referralRewardTotals,
  reviewWithPeople,
  reviewsPage,
  seriesWaitingTotals,
  setReviewHidden,
  setUserSuspended,
  usersPage,
  type CreatedWindow,
  type ReviewWithPeople,
} from "./repository.js";
import { toAdminBooking, toAdminPerson, toAdminUser } from "./serialize.js";

const STATS_WEEKS = 12;
const PAYMENTS_SHOWN = 200;
const STATUSES: BookingStatus[] = ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"];

/** How the payments list narrows by age, at `now`. */
function ageWindow(age: PaymentAgeFilter, now: Date): CreatedWindow {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  switch (age) {
    case "under1h":
      return { createdAfter: hoursAgo(1) };
    case "1to12h":
      return { createdAtOrBefore: hoursAgo(1), createdAfter: hoursAgo(12) };
    case "over12h":
      return { createdAtOrBefore: hoursAgo(12) };
    case "all":
      return {};
  }
}

const page = <T>(items: T[], total: number, pageNumber: number): AdminPage<T> => ({ items, total, page: pageNumber, pageSize: ADMIN_PAGE_SIZE });
const offset = (pageNumber: number) => (pageNumber - 1) * ADMIN_PAGE_SIZE;

/** The operator console's API: everything under /admin answers 403 to anyone but an operator. */
export async function adminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  operatorsOnly(app);
  const contract = <T extends object>(summary: string, parts: T) => ({ tags: ["admin"], summary, security: bearer, ...parts });
  const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

  const paymentsContract = contract("Bookings whose payment waits for verification, oldest first", {
    querystring: adminPaymentsQuerySchema,
    response: ok(z.array(adminPaymentSchema)),
  });
  app.get("/admin/payments", { schema: paymentsContract }, async (request): Promise<AdminPayment[]> => {
    const { age, q } = request.query;
    const now = app.clock.now();
    const rows = await paymentsAwaitingVerification(app.db, { q, created: ageWindow(age, now), limit: PAYMENTS_SHOWN });
    const totals = await seriesWaitingTotals(
      app.db,
      rows.flatMap(({ booking }) => (booking.seriesId ? [booking.seriesId] : [])),
    );
    return rows.map((row) => {
      const series = row.booking.seriesId ? totals.get(row.booking.seriesId) : undefined;
      return {
        ...toAdminBooking(row),
        amount: series?.total ?? row.booking.price,
        transferReference: row.payment.transferReference,
        seriesDates: series?.dates ?? null,
        ageHours: Math.max(0, Math.floor((now.getTime() - row.booking.createdAt.getTime()) / HOUR_MS)),
      };
    });
  });

  const decideContract = contract("Payment received (PAID) or not (REJECTED, which cancels)", {
    params: idParams(MSG.bookingNotFound),
    body: paymentDecisionSchema,
    response: ok(z.object({ booking: adminBookingSchema })),
  });
  app.put("/admin/payments/:id", { schema: decideContract }, async (request) => {
    const operator = currentUser(request);
    const { id } = request.params;
    const { status: decision } = request.body;
    const target = await paymentOfBooking(app.db, id);
    if (!target) throw notFound(MSG.bookingNotFound);
    const decided = await app.db.transaction((tx) =>
      decidePayment(tx, app, { paymentId: target.paymentId, decision, operator, now: app.clock.now() }),
    );
    await publishPaymentDecision(app, decided);
    request.log.info({ bookingId: id, decision, dates: decided.all.length }, "payment decided");
    const changed = decided.all.find((item) => item.booking.id === id) ?? decided.all[0]!;
    return { booking: toAdminBooking(changed) };
  });

  const usersContract = contract("Accounts, newest first", { querystring: adminListQuerySchema, response: ok(adminPageSchema(adminUserSchema)) });
  app.get("/admin/users", { schema: usersContract }, async (request): Promise<AdminPage<AdminUser>> => {
    const { q, page: pageNumber } = request.query;
    const { rows, total } = await usersPage(app.db, q, { limit: ADMIN_PAGE_SIZE, offset: offset(pageNumber) });
    return page(rows.map(toAdminUser), total, pageNumber);
  });

  const userParams = idParams(MSG.userNotFound);
  const userAnswer = ok(z.object({ user: adminUserSchema }));
  const userById = async (id: string) => {
    const user = await findUser(app.db, id);
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  };

  const userContract = contract("An account and its bookings", { params: userParams, response: ok(adminUserDetailSchema) });
  app.get("/admin/users/:id", { schema: userContract }, async (request): Promise<AdminUserDetail> => {
    const user = await userById(request.params.id);
    const rows = await bookingsOfUser(app.db, user.id);
    return { user: toAdminUser(user), bookings: rows.map(toAdminBooking) };
  });

  const suspensionContract = contract("Suspend or restore an account", { params: userParams, body: suspensionSchema, response: userAnswer });
  const suspensionTarget = loadedFirst(({ id }: { id: string }) => userById(id));
  app.put("/admin/users/:id/suspension", { preValidation: suspensionTarget.hook, schema: suspensionContract }, async (request) => {
    const operator = currentUser(request);
    const target = suspensionTarget.get(request);
    const { suspended } = request.body;
    if (target.id === operator.id) throw conflict(MSG.cannotSuspendSelf);
    if (Boolean(target.suspendedAt) === suspended) return { user: toAdminUser(target) };
    const now = app.clock.now();
    const updated = await app.db.transaction(async (tx) => {
      const row = await setUserSuspended(tx, target.id, suspended, now);
      if (suspended) await endUserSessions(tx, target.id, now);
      if (suspended) await endUserPush(tx, target.id);
      await recordAudit(tx, {
        actorId: operator.id,
        action: suspended ? "user.suspended" : "user.restored",
        entityType: "user",
        entityId: target.id,
        before: { suspendedAt: target.suspendedAt?.toISOString() ?? null },
        after: { suspendedAt: row!.suspendedAt?.toISOString() ?? null },
        at: now,
      });
      return row!;
    });
    // Their live connections end with their sessions; their listing leaves the public pages.
    if (suspended) app.realtime.endUser(target.id);
    await app.searchIndex.settle();
    request.log.info({ userId: target.id, suspended }, "account suspension changed");
    return { user: toAdminUser(updated) };
  });

  const promoteContract = contract("Make an account an operator", { params: userParams, response: userAnswer });
  app.post("/admin/users/:id/promote", { schema: promoteContract }, async (request) => {
    const operator = currentUser(request);
    const target = await userById(request.params.id);
    if (target.role === "Operator") throw conflict(MSG.alreadyOperator);
    const now = app.clock.now();
    const updated = await app.db.transaction(async (tx) => {
      const row = await makeOperator(tx, target.id, now);
      await recordAudit(tx, {
        actorId: operator.id,
        action: "user.promoted",
        entityType: "user",
        entityId: target.id,
        before: { role: target.role },
        after: { role: "Operator" },
        at: now,
      });
      return row!;
    });
    await app.searchIndex.settle();
    return { user: toAdminUser(updated) };
  });

  const toAdminReview = ({ review, author, subject }: ReviewWithPeople): AdminReview => ({
    ...reviewFields(review),
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    author: toAdminPerson(author),
    subject: toAdminPerson(subject),
  });

  const reviewsContract = contract("Reviews, newest first", { querystring: adminListQuerySchema, response: ok(adminPageSchema(adminReviewSchema)) });
  app.get("/admin/reviews", { schema: reviewsContract }, async (request): Promise<AdminPage<AdminReview>> => {
    const { q, page: pageNumber } = request.query;
    const { rows, total } = await reviewsPage(app.db, q, { limit: ADMIN_PAGE_SIZE, offset: offset(pageNumber) });
    return page(rows.map(toAdminReview), total, pageNumber);
  });

  const visibilityContract = contract("Hide or show a review", {
    params: idParams(MSG.reviewNotFound),
    body: reviewVisibilitySchema,
    response: ok(z.object({ review: adminReviewSchema })),
  });
  app.put("/admin/reviews/:id/visibility", { schema: visibilityContract }, async (request) => {
    const operator = currentUser(request);
    const { id } = request.params;
    const { hidden } = request.body;
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      const review = await lockedReview(tx, id);
      if (!review) throw notFound(MSG.reviewNotFound);
      if (Boolean(review.hiddenAt) === hidden) return;
      const updated = await setReviewHidden(tx, id, hidden, now);
      await refreshRating(tx, review.subjectId);
      await recordAudit(tx, {
        actorId: operator.id,
        action: hidden ? "review.hidden" : "review.shown",
        entityType: "review",
        entityId: id,
        before: { hiddenAt: review.hiddenAt?.toISOString() ?? null },
        after: { hiddenAt: updated!.hiddenAt?.toISOString() ?? null },
        at: now,
      });
    });
    await app.searchIndex.settle();
    const row = await reviewWithPeople(app.db, id);
    return { review: toAdminReview(row!) };
  });

  app.get("/admin/stats", { schema: contract("The figures of the business", { response: ok(adminStatsSchema) }) }, async (): Promise<AdminStats> => {
    const now = app.clock.now();
    const firstWeek = mondayOf(shiftDate(manilaDate(now), -(STATS_WEEKS - 1) * 7));
    const since = manilaInstant(firstWeek, "00:00");
    const [byWeek, rewards, active7, active30, userTotals, bookingTotals] = await Promise.all([
      bookingsByWeek(app.db, since),
      referralRewardTotals(app.db),
      activeUsersSince(app.db, new Date(now.getTime() - 7 * DAY_MS)),
      activeUsersSince(app.db, new Date(now.getTime() - 30 * DAY_MS)),
      accountTotals(app.db),
      bookingFigures(app.db),
    ]);
    const weeks = Array.from({ length: STATS_WEEKS }, (_, index) => {
      const weekStart = shiftDate(firstWeek, index * 7);
      const byStatus = Object.fromEntries(
        STATUSES.map((status) => {
          const row = byWeek.find((entry) => entry.week === weekStart && entry.status === status);
          return [status, { count: row?.count ?? 0, pesos: row?.pesos ?? 0 }];
        }),
      ) as AdminStats["weeks"][number]["byStatus"];
      return { weekStart, byStatus };
    });
    return {
      weeks,
      rewards: { count: rewards?.count ?? 0, pesos: rewards?.pesos ?? 0 },
      activeUsers: { last7Days: active7?.n ?? 0, last30Days: active30?.n ?? 0 },
      totals: {
        users: userTotals?.users ?? 0,
        assistants: userTotals?.assistants ?? 0,
        bookings: bookingTotals?.bookings ?? 0,
        paymentsWaiting: bookingTotals?.paymentsWaiting ?? 0,
        pesosPaid: bookingTotals?.pesosPaid ?? 0,
      },
    };
  });

  const auditContract = contract("Operator actions, newest first", {
    querystring: adminListQuerySchema,
    response: ok(adminPageSchema(auditEntrySchema)),
  });
  app.get("/admin/audit", { schema: auditContract }, async (request): Promise<AdminPage<AuditEntry>> => {
    const { page: pageNumber } = request.query;
    const { rows, total } = await auditPage(app.db, { limit: ADMIN_PAGE_SIZE, offset: offset(pageNumber) });
    const items = rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor ? toAdminPerson(actor) : null,
      action: entry.action,
      entityType: entry.entityType as AuditEntry["entityType"],
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    }));
    return page(items, total, pageNumber);
  });
}
