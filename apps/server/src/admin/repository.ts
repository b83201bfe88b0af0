import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { TIME_ZONE, normalizePaymentReference } from "@vam/shared";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { UserRow } from "../session/authenticate.js";
import { awaitingPayment, bookingsWithParties, type BookingWithParties, clients, consultants } from "../bookings/public.js";
import type { Db } from "../db/client.js";
import { auditLog, bookings, payments, referralRewards, reviews, sessions, users } from "../db/schema.js";
import type { ReviewRow } from "../reviews/public.js";

/** One page of a list: at most `limit` rows after skipping `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Bounds on when a booking waiting for payment was made: after `createdAfter`, not after `createdAtOrBefore`. */
export interface CreatedWindow {
  createdAtOrBefore?: Date;
  createdAfter?: Date;
}

const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
type NameColumns = Record<"username" | "firstName" | "lastName", AnyPgColumn>;
const nameMatches = (table: NameColumns, q: string) =>
  or(ilike(table.username, contains(q)), sql`(${table.firstName} || ' ' || ${table.lastName}) ilike ${contains(q)}`);

/** How the payments list narrows by age. */
function createdCondition({ createdAtOrBefore, createdAfter }: CreatedWindow): SQL | undefined {
  return and(
    createdAtOrBefore ? lte(bookings.createdAt, createdAtOrBefore) : undefined,
    createdAfter ? gt(bookings.createdAt, createdAfter) : undefined,
  );
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

/** Bookings whose payment waits for verification, oldest first, made within `created`, matching `q` (reference or either party's name). */
export function paymentsAwaitingVerification(
  db: Db,
  { q, created, limit }: { q: string | undefined; created: CreatedWindow; limit: number },
): Promise<BookingWithParties[]> {
  const search = q ? or(referenceCondition(q), nameMatches(clients, q), nameMatches(consultants, q)) : undefined;
  // A weekly series is one payment: listed once, by its first date still waiting.
  return bookingsWithParties(db, and(awaitingPayment, firstOfSeries, createdCondition(created), search), {
    order: [asc(bookings.createdAt), asc(bookings.id)],
    limit,
  });
}

/** The dates of each series still waiting for payment, and their total. */
export async function seriesWaitingTotals(db: Db, seriesIds: string[]) {
  if (seriesIds.length === 0) return new Map<string, { dates: number; total: number }>();
  const rows = await db
    .select({ seriesId: bookings.seriesId, dates: sql<number>`count(*)::int`, total: sql<number>`sum(${bookings.price})::int` })
    .from(bookings)
    .where(and(awaitingPayment, inArray(bookings.seriesId, seriesIds)))
    .groupBy(bookings.seriesId);
  return new Map(rows.map((row) => [row.seriesId!, { dates: row.dates, total: row.total }]));
}

/** The payment a booking is paid by, or undefined when there is no such booking. */
export async function paymentOfBooking(db: Db, bookingId: string): Promise<{ paymentId: string } | undefined> {
  const [target] = await db.select({ paymentId: bookings.paymentId }).from(bookings).where(eq(bookings.id, bookingId));
  return target;
}

/** A page of accounts matching `q` (name, username or email), newest first, and how many match in all. */
export async function usersPage(db: Db, q: string | undefined, { limit, offset }: PageWindow): Promise<{ rows: UserRow[]; total: number }> {
  const where = q ? or(nameMatches(users, q), ilike(users.email, contains(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An account by id, or undefined when there is none. */
export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The bookings an account takes part in (as client or assistant), latest first. */
export function bookingsOfUser(db: Db, userId: string): Promise<BookingWithParties[]> {
  return bookingsWithParties(db, or(eq(bookings.clientId, userId), eq(bookings.consultantId, userId)), {
    order: [desc(bookings.startsAt), desc(bookings.id)],
  });
}

/** Suspends an account from `now` (`suspended`) or restores it; answers the account as changed. */
export async function setUserSuspended(tx: Db, userId: string, suspended: boolean, now: Date): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: suspended ? now : null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Makes an account an operator; answers the account as changed. */
export async function makeOperator(tx: Db, userId: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set({ role: "Operator", updatedAt: now }).where(eq(users.id, userId)).returning();
  return row;
}

const authors = alias(users, "author");
const subjects = alias(users, "subject");
const reviewRows = (db: Db, where: SQL | undefined) =>
  db
    .select({ review: reviews, author: authors, subject: subjects })
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
    .where(where);

/** A review with its author and the account it reviews. */
export type ReviewWithPeople = Awaited<ReturnType<typeof reviewRows>>[number];

/** A page of reviews matching `q` (author's or subject's name, or the text), newest first, and how many match in all. */
export async function reviewsPage(
  db: Db,
  q: string | undefined,
  { limit, offset }: PageWindow,
): Promise<{ rows: ReviewWithPeople[]; total: number }> {
  const where = q ? or(nameMatches(authors, q), nameMatches(subjects, q), ilike(reviews.text, contains(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    reviewRows(db, where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(reviews)
      .innerJoin(authors, eq(authors.id, reviews.authorId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A review with its author and subject, or undefined when there is none. */
export async function reviewWithPeople(db: Db, id: string): Promise<ReviewWithPeople | undefined> {
  const [row] = await reviewRows(db, eq(reviews.id, id));
  return row;
}

/** A review, its row locked until the transaction ends; undefined when there is none. */
export async function lockedReview(tx: Db, id: string): Promise<ReviewRow | undefined> {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  return review;
}

/** Hides a review from `now` (`hidden`) or shows it again; answers the review as changed. */
export async function setReviewHidden(tx: Db, id: string, hidden: boolean, now: Date): Promise<ReviewRow | undefined> {
  const [updated] = await tx
    .update(reviews)
    .set({ hiddenAt: hidden ? now : null })
    .where(eq(reviews.id, id))
    .returning();
  return updated;
}

/** Bookings made after `since`, counted and summed (pesos) by Manila week (its Monday, YYYY-MM-DD) and status. */
export function bookingsByWeek(db: Db, since: Date) {
  // Weeks start on Monday in Manila: Manila wall-clock time, then truncate (a literal zone, so that the select and the grouping are one expression).
  const manilaWeek = sql<string>`to_char(date_trunc('week', ${bookings.createdAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}), 'YYYY-MM-DD')`;
  return db
    .select({
      week: manilaWeek,
      status: bookings.status,
      count: sql<number>`count(*)::int`,
      pesos: sql<number>`coalesce(sum(${bookings.price}), 0)::int`,
    })
    .from(bookings)
    .where(gt(bookings.createdAt, since))
    .groupBy(manilaWeek, bookings.status);
}

/** How many referral rewards were earned, and their pesos. */
export async function referralRewardTotals(db: Db): Promise<{ count: number; pesos: number } | undefined> {
  const [rewards] = await db
    .select({ count: sql<number>`count(*)::int`, pesos: sql<number>`coalesce(sum(${referralRewards.amount}), 0)::int` })
    .from(referralRewards);
  return rewards;
}

/** How many accounts signed in (opened a session) after `since`. */
export async function activeUsersSince(db: Db, since: Date): Promise<{ n: number } | undefined> {
  const [active] = await db
    .select({ n: sql<number>`count(distinct ${sessions.userId})::int` })
    .from(sessions)
    .where(gt(sessions.createdAt, since));
  return active;
}

/** How many accounts there are, and how many of them are assistants. */
export async function accountTotals(db: Db): Promise<{ users: number; assistants: number } | undefined> {
  const [totals] = await db
    .select({ users: sql<number>`count(*)::int`, assistants: sql<number>`count(*) filter (where ${users.role} = 'Assistant')::int` })
    .from(users);
  return totals;
}

/** How many bookings there are, how many payments wait for verification, and the pesos paid. */
export async function bookingFigures(db: Db): Promise<{ bookings: number; paymentsWaiting: number; pesosPaid: number } | undefined> {
  const [totals] = await db
    .select({
      bookings: sql<number>`count(*)::int`,
      // A weekly series is one payment, as on the Payments page.
      paymentsWaiting: sql<number>`count(distinct ${bookings.paymentId}) filter (where ${bookings.paymentStatus} = 'UNVERIFIED' and ${bookings.status} in ('PENDING', 'CONFIRMED'))::int`,
      pesosPaid: sql<number>`coalesce(sum(${bookings.price}) filter (where ${bookings.paymentStatus} = 'PAID'), 0)::int`,
    })
    .from(bookings);
  return totals;
}

/** A page of the audit log, newest first, each entry with the operator who acted (null when gone), and how many entries there are. */
export async function auditPage(db: Db, { limit, offset }: PageWindow) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: users })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, total: total?.n ?? 0 };
}
