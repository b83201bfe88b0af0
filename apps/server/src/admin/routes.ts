import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { TIME_ZONE, manilaDate, manilaInstant, mondayOf, normalizePaymentReference, shiftDate } from "@vam/shared";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
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
import { currentUser, operatorsOnly } from "../auth/authenticate.js";
import { endUserSessions } from "../auth/sessions.js";
import { endUserPush } from "../push/public.js";
import { awaitingPayment, decidePayment, publishPaymentDecision } from "../bookings/payment-decision.js";
import { bookingsWithParties, clients, consultants } from "../bookings/queries.js";
import { auditLog, bookings, payments, referralRewards, reviews, sessions, users } from "../db/schema.js";
import { bearer, errorResponses, idParams, loadedFirst } from "../http/contracts.js";
import { conflict, notFound } from "../http/errors.js";
import { refreshRating, reviewFields } from "../reviews/queries.js";
import { recordAudit } from "../audit/record.js";
import { toAdminBooking, toAdminPerson, toAdminUser } from "./serialize.js";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const STATS_WEEKS = 12;
const PAYMENTS_SHOWN = 200;
const STATUSES: BookingStatus[] = ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"];

const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
type NameColumns = Record<"username" | "firstName" | "lastName", AnyPgColumn>;
const nameMatches = (table: NameColumns, q: string) =>
  or(ilike(table.username, contains(q)), sql`(${table.firstName} || ' ' || ${table.lastName}) ilike ${contains(q)}`);

/** How the payments list narrows by age, at `now`. */
function ageCondition(age: PaymentAgeFilter, now: Date): SQL | undefined {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  switch (age) {
    case "under1h":
      return gt(bookings.createdAt, hoursAgo(1));
    case "1to12h":
      return and(lte(bookings.createdAt, hoursAgo(1)), gt(bookings.createdAt, hoursAgo(12)));
    case "over12h":
      return lte(bookings.createdAt, hoursAgo(12));
    case "all":
      return undefined;
  }
}

/** A single booking, or the first date of its series still waiting for payment. */
const firstOfSeries = or(
  sql`${bookings.seriesId} is null`,
  sql`${bookings.id} = (select other.id from bookings other
        where other.series_id = ${bookings.seriesId} and other.payment_status = 'UNVERIFIED' and other.status in ('PENDING', 'CONFIRMED')
        order by other.starts_at, other.id limit 1)`,
);

/** A payment reference, whole ("VA-7KQ2MX", "va 7kq2mx") or in part ("7KQ2"), or the client's transfer reference. */
function referenceCondition(q: string): SQL | undefined {
  const whole = normalizePaymentReference(q);
  if (whole) return eq(payments.reference, whole);
  const part = q.trim().replace(/^va[\s-]*/i, "");
  return part.length >= 3 ? or(ilike(payments.reference, contains(part)), ilike(payments.transferReference, contains(q.trim()))) : undefined;
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
    const search = q ? or(referenceCondition(q), nameMatches(clients, q), nameMatches(consultants, q)) : undefined;
    // A weekly series is one payment: listed once, by its first date still waiting.
    const rows = await bookingsWithParties(app.db, and(awaitingPayment, firstOfSeries, ageCondition(age, now), search), {
      order: [asc(bookings.createdAt), asc(bookings.id)],
      limit: PAYMENTS_SHOWN,
    });
    const totals = await seriesTotals(rows.flatMap(({ booking }) => (booking.seriesId ? [booking.seriesId] : [])));
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

  /** The dates of each series still waiting for payment, and their total. */
  async function seriesTotals(seriesIds: string[]) {
    if (seriesIds.length === 0) return new Map<string, { dates: number; total: number }>();
    const rows = await app.db
      .select({ seriesId: bookings.seriesId, dates: sql<number>`count(*)::int`, total: sql<number>`sum(${bookings.price})::int` })
      .from(bookings)
      .where(and(awaitingPayment, inArray(bookings.seriesId, seriesIds)))
      .groupBy(bookings.seriesId);
    return new Map(rows.map((row) => [row.seriesId!, { dates: row.dates, total: row.total }]));
  }

  const decideContract = contract("Payment received (PAID) or not (REJECTED, which cancels)", {
    params: idParams(MSG.bookingNotFound),
    body: paymentDecisionSchema,
    response: ok(z.object({ booking: adminBookingSchema })),
  });
  app.put("/admin/payments/:id", { schema: decideContract }, async (request) => {
    const operator = currentUser(request);
    const { id } = request.params;
    const { status: decision } = request.body;
    const [target] = await app.db.select({ paymentId: bookings.paymentId }).from(bookings).where(eq(bookings.id, id));
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
    const where = q ? or(nameMatches(users, q), ilike(users.email, contains(q))) : undefined;
    const [rows, [total]] = await Promise.all([
      app.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(ADMIN_PAGE_SIZE).offset(offset(pageNumber)),
      app.db.select({ n: count() }).from(users).where(where),
    ]);
    return page(rows.map(toAdminUser), total?.n ?? 0, pageNumber);
  });

  const userParams = idParams(MSG.userNotFound);
  const userAnswer = ok(z.object({ user: adminUserSchema }));
  const userById = async (id: string) => {
    const [user] = await app.db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  };

  const userContract = contract("An account and its bookings", { params: userParams, response: ok(adminUserDetailSchema) });
  app.get("/admin/users/:id", { schema: userContract }, async (request): Promise<AdminUserDetail> => {
    const user = await userById(request.params.id);
    const rows = await bookingsWithParties(app.db, or(eq(bookings.clientId, user.id), eq(bookings.consultantId, user.id)), {
      order: [desc(bookings.startsAt), desc(bookings.id)],
    });
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
      const [row] = await tx
        .update(users)
        .set({ suspendedAt: suspended ? now : null, updatedAt: now })
        .where(eq(users.id, target.id))
        .returning();
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
      const [row] = await tx.update(users).set({ role: "Operator", updatedAt: now }).where(eq(users.id, target.id)).returning();
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

  const authors = alias(users, "author");
  const subjects = alias(users, "subject");
  const reviewRows = (where: SQL | undefined) =>
    app.db
      .select({ review: reviews, author: authors, subject: subjects })
      .from(reviews)
      .innerJoin(authors, eq(authors.id, reviews.authorId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
      .where(where);
  const toAdminReview = ({ review, author, subject }: Awaited<ReturnType<typeof reviewRows>>[number]): AdminReview => ({
    ...reviewFields(review),
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    author: toAdminPerson(author),
    subject: toAdminPerson(subject),
  });

  const reviewsContract = contract("Reviews, newest first", { querystring: adminListQuerySchema, response: ok(adminPageSchema(adminReviewSchema)) });
  app.get("/admin/reviews", { schema: reviewsContract }, async (request): Promise<AdminPage<AdminReview>> => {
    const { q, page: pageNumber } = request.query;
    const where = q ? or(nameMatches(authors, q), nameMatches(subjects, q), ilike(reviews.text, contains(q))) : undefined;
    const [rows, [total]] = await Promise.all([
      reviewRows(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(ADMIN_PAGE_SIZE).offset(offset(pageNumber)),
      app.db
        .select({ n: count() })
        .from(reviews)
        .innerJoin(authors, eq(authors.id, reviews.authorId))
        .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
        .where(where),
    ]);
    return page(rows.map(toAdminReview), total?.n ?? 0, pageNumber);
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
      const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
      if (!review) throw notFound(MSG.reviewNotFound);
      if (Boolean(review.hiddenAt) === hidden) return;
      const [updated] = await tx
        .update(reviews)
        .set({ hiddenAt: hidden ? now : null })
        .where(eq(reviews.id, id))
        .returning();
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
    const [row] = await reviewRows(eq(reviews.id, id));
    return { review: toAdminReview(row!) };
  });

  app.get("/admin/stats", { schema: contract("The figures of the business", { response: ok(adminStatsSchema) }) }, async (): Promise<AdminStats> => {
    const now = app.clock.now();
    // Weeks start on Monday in Manila: Manila wall-clock time, then truncate (a literal zone, so that the select and the grouping are one expression).
    const manilaWeek = sql<string>`to_char(date_trunc('week', ${bookings.createdAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}), 'YYYY-MM-DD')`;
    const firstWeek = mondayOf(shiftDate(manilaDate(now), -(STATS_WEEKS - 1) * 7));
    const since = manilaInstant(firstWeek, "00:00");
    const [byWeek, [rewards], [active7], [active30], [userTotals], [bookingTotals]] = await Promise.all([
      app.db
        .select({
          week: manilaWeek,
          status: bookings.status,
          count: sql<number>`count(*)::int`,
          pesos: sql<number>`coalesce(sum(${bookings.price}), 0)::int`,
        })
        .from(bookings)
        .where(gt(bookings.createdAt, since))
        .groupBy(manilaWeek, bookings.status),
      app.db
        .select({ count: sql<number>`count(*)::int`, pesos: sql<number>`coalesce(sum(${referralRewards.amount}), 0)::int` })
        .from(referralRewards),
      app.db
        .select({ n: sql<number>`count(distinct ${sessions.userId})::int` })
        .from(sessions)
        .where(gt(sessions.createdAt, new Date(now.getTime() - 7 * DAY_MS))),
      app.db
        .select({ n: sql<number>`count(distinct ${sessions.userId})::int` })
        .from(sessions)
        .where(gt(sessions.createdAt, new Date(now.getTime() - 30 * DAY_MS))),
      app.db
        .select({ users: sql<number>`count(*)::int`, assistants: sql<number>`count(*) filter (where ${users.role} = 'Assistant')::int` })
        .from(users),
      app.db
        .select({
          bookings: sql<number>`count(*)::int`,
          // A weekly series is one payment, as on the Payments page.
          paymentsWaiting: sql<number>`count(distinct ${bookings.paymentId}) filter (where ${bookings.paymentStatus} = 'UNVERIFIED' and ${bookings.status} in ('PENDING', 'CONFIRMED'))::int`,
          pesosPaid: sql<number>`coalesce(sum(${bookings.price}) filter (where ${bookings.paymentStatus} = 'PAID'), 0)::int`,
        })
        .from(bookings),
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
    const [rows, [total]] = await Promise.all([
      app.db
        .select({ entry: auditLog, actor: users })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset(pageNumber)),
      app.db.select({ n: count() }).from(auditLog),
    ]);
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
    return page(items, total?.n ?? 0, pageNumber);
  });
}
