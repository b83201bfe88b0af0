import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { queueReminders, queueUnreadMessageEmails } from "./reminders.js";
import { queueBookingEmails } from "./emails.js";
import type { FastifyInstance } from "fastify";
import { bookings, emailOutbox, searchChanges } from "../db/schema.js";
import { announce, type NotificationRow } from "../notifications/public.js";
import { publishReviews, windowClosedBefore } from "../reviews/public.js";
import { REVIEW_WINDOW_DAYS } from "@vam/shared";
import { notifyBothParties, publishChanges, seriesPayment } from "./changes.js";
import { bookingsWithParties, type BookingWithParties } from "./queries.js";
import { CHANGES_KEPT_MS } from "../profiles/public.js";
import { postCancellation } from "../ledger/public.js";
import { queueDaylightSavingNotices } from "../time-zones/public.js";
import { sweepChatFiles } from "../chat/public.js";

/** Sent or given-up email rows are kept this many days (by the database's clock). */
const EMAIL_KEPT_DAYS = 30;

/** At most this many holds expire per transaction; the sweep loops until none is due. */
const BATCH = 100;

export interface SweepResult {
  /** Bookings this call cancelled. */
  expired: string[];
  /** REVIEW notifications sent for reviews published because their window closed. */
  reviewNotices: number;
  /** Bookings whose reminder emails were queued. */
  reminders: number;
  /** Chats whose unread-message email was queued. */
  unreadChats: number;
  /** Clients told that their clocks change within a week and which weekly dates move (decisions.md, "Time zones"). */
  daylightSavingNotices: number;
}

/**
 * One transaction: cancels up to BATCH due holds. A hold is due when the booking is PENDING and
 * either its payment is still unverified `windowMs` after creation, or its start has come.
 * `FOR UPDATE SKIP LOCKED` lets several instances sweep at once without waiting for each other,
 * and the update re-checks PENDING: a booking is expired exactly once, and never one that was
 * just accepted or paid.
 */
async function expireBatch(app: FastifyInstance, now: Date) {
  const windowMs = app.config.paymentWindowMs;
  const paymentDeadline = new Date(now.getTime() - windowMs);
  const isDue = and(
    eq(bookings.status, "PENDING"),
    or(and(eq(bookings.paymentStatus, "UNVERIFIED"), lte(bookings.createdAt, paymentDeadline)), lte(bookings.startsAt, now)),
  );
  return app.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id, seriesId: bookings.seriesId })
      .from(bookings)
      .where(isDue)
      .orderBy(bookings.createdAt, bookings.seriesId, bookings.id)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    // A series is one payment: the rest of its due dates go in the same batch, never split over two.
    const seriesIds = [...new Set(due.flatMap((row) => (row.seriesId ? [row.seriesId] : [])))];
    const sameSeries =
      seriesIds.length === 0
        ? []
        : await tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(isDue, inArray(bookings.seriesId, seriesIds)))
            .for("update", { skipLocked: true });
    const candidates = [...new Set([...due, ...sameSeries].map((row) => row.id))];
    if (candidates.length === 0) return { changed: [] as BookingWithParties[], notifications: [] as NotificationRow[] };
    const expired = await tx
      .update(bookings)
      .set({
        status: "CANCELLED",
        cancelReason: sql`(case when ${bookings.paymentStatus} = 'UNVERIFIED' then 'PAYMENT_EXPIRED' else 'NOT_ACCEPTED' end)::cancel_reason`,
        sequence: sql`${bookings.sequence} + 1`,
        updatedAt: now,
      })
      .where(and(inArray(bookings.id, candidates), eq(bookings.status, "PENDING")))
      .returning({ id: bookings.id });
    const ids = expired.map((row) => row.id);
    if (ids.length === 0) return { changed: [] as BookingWithParties[], notifications: [] as NotificationRow[] };
    const changed = await bookingsWithParties(tx, inArray(bookings.id, ids));
    // A paid booking nobody accepted in time comes back in full.
    for (const { booking } of changed) await postCancellation(tx, booking, { at: now, actorId: null, feePercent: app.config.platformFeePercent });
    const notifications: NotificationRow[] = [];
    for (const group of noticeGroups(changed)) {
      const [first] = group;
      const change = first!.booking.cancelReason === "PAYMENT_EXPIRED" ? "paymentExpired" : "notAccepted";
      const series = group.length > 1 ? seriesPayment(group) : undefined;
      notifications.push(...(await notifyBothParties(tx, change, first!, series)));
      const reason = change === "paymentExpired" ? "the payment was not received in time" : "it was not accepted in time";
      await queueBookingEmails(tx, app, { kind: "bookingCancelled", item: first!, series, reason });
    }
    return { changed, notifications };
  });
}

/** The expired bookings told of together: the dates of one series expired for one reason, or a booking alone. */
function noticeGroups(changed: BookingWithParties[]): BookingWithParties[][] {
  const groups = new Map<string, BookingWithParties[]>();
  for (const item of changed) {
    const key = item.booking.seriesId ? `${item.booking.seriesId} ${item.booking.cancelReason}` : item.booking.id;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/** Expires due holds and publishes reviews whose window closed; tells everyone concerned after commit. */
export async function sweep(app: FastifyInstance): Promise<SweepResult> {
  const now = app.clock.now();
  const result: SweepResult = { expired: [], reviewNotices: 0, reminders: 0, unreadChats: 0, daylightSavingNotices: 0 };
  for (;;) {
    const batch = await expireBatch(app, now);
    result.expired.push(...batch.changed.map((item) => item.booking.id));
    await publishChanges(app, batch.changed, batch.notifications);
    if (batch.changed.length < BATCH) break;
  }
  if (result.expired.length > 0) app.log.info({ count: result.expired.length }, "expired unpaid or unaccepted bookings");

  const windowStart = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 3600_000);
  const notices = await app.db.transaction((tx) => publishReviews(tx, windowClosedBefore(windowStart), now));
  result.reviewNotices = notices.length;
  if (notices.length > 0) await app.searchIndex.settle();
  for (const notice of notices) await announce(app, notice);

  // Emails due by time: reminders a day ahead, chats left unread.
  result.reminders = await queueReminders(app);
  result.unreadChats = await queueUnreadMessageEmails(app);
  if (result.reminders + result.unreadChats > 0) app.emailQueue.kick();
  // A week before a client's clocks change: which weekly dates move in their time (once per change, across instances).
  result.daylightSavingNotices = await queueDaylightSavingNotices(app);
  // Sent and given-up mail is kept a while for support questions, then goes (it holds addresses and names).
  await app.db
    .delete(emailOutbox)
    .where(sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.failedAt}) < now() - ${`${EMAIL_KEPT_DAYS} days`}::interval`);

  // The search index's change log: every instance has read it long before (by the database's clock, not the test clock).
  await app.db.delete(searchChanges).where(sql`${searchChanges.changedAt} < now() - ${`${CHANGES_KEPT_MS / 1000} seconds`}::interval`);
  // Files uploaded to a chat and never sent, after a day; and any left of a deleted account.
  await sweepChatFiles(app);
  app.metrics.sweepLastRun.setToCurrentTime();
  return result;
}

/** Runs the sweep every `intervalMs` on this instance until the app closes. */
export function scheduleSweep(app: FastifyInstance, intervalMs: number) {
  if (intervalMs <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep(app)
      .catch((error: unknown) => app.log.error({ err: error }, "sweep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
