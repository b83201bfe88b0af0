import type { FastifyInstance } from "fastify";
import { clockChanges, DAY_MS, EMAIL_KIND_LABELS, formatTime, HOUR_MS, MSG, shortDay, TIME_ZONE, zonedClock } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import { queueEmails, renderEmail, siteUrl, unsubscribeLinks } from "../email/public.js";
import { announce, createNotification, type NotificationRow } from "../notifications/public.js";
import { claimNotice, seriesDatesAfterChange, zonesOfSeriesClients, type SeriesDateAfterChange } from "./queries.js";

/**
 * The daylight-saving notice (decisions.md, "Time zones"): a weekly series stays on Manila's slot,
 * so when a client's clocks change its later dates move in the client's own time. A week before,
 * the client is told once, by a notification and an email, which dates move, old time and new.
 */

/** How far ahead a clock change is told of. */
export const NOTICE_DAYS = 7;

export interface ClockChange {
  at: Date;
  /** Minutes ahead of UTC before and after. */
  before: number;
  after: number;
}

/** One date whose local time moves: its local day, the time it read before the change and reads after, and Manila's. */
export interface MovedDate {
  startsAt: Date;
  /** "Sun, Mar 14: 5:00 PM → 6:00 PM your time (Mon, Mar 15, 9:00 AM Manila)". */
  line: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall clock an instant reads at a fixed offset (minutes ahead of UTC). */
function clockAtOffset(instant: Date, offset: number) {
  const wall = new Date(instant.getTime() + offset * 60_000);
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/**
 * The dates of `starts` at or after `change` whose time in `zone` moves: what they would read with
 * the offset before the change against what they read, with Manila's time (which stays). A date
 * the local clock reads as before (a later change undid this one) is left out. Dates are named
 * beside a time only where they are not the line's own day.
 */
export function movedDates(zone: string, change: ClockChange, starts: readonly Date[]): MovedDate[] {
  const moved: MovedDate[] = [];
  for (const startsAt of starts) {
    if (startsAt < change.at) continue;
    const before = clockAtOffset(startsAt, change.before);
    const after = zonedClock(startsAt, zone);
    if (before.date === after.date && before.time === after.time) continue;
    const manila = zonedClock(startsAt, TIME_ZONE);
    const named = (clock: { date: string; time: string }) =>
      clock.date === after.date ? formatTime(clock.time) : `${shortDay(clock.date)}, ${formatTime(clock.time)}`;
    moved.push({ startsAt, line: MSG.clockChangeMove(shortDay(after.date), named(before), formatTime(after.time), named(manila)) });
  }
  return moved;
}

/** The local day of a clock change: "Sun, Mar 14" (the date its new offset begins on). */
export const changeDay = (zone: string, change: ClockChange) => shortDay(zonedClock(change.at, zone).date);

/**
 * The clock changes of `zone` from `now` to NOTICE_DAYS ahead. The search (hour by hour) runs once
 * an hour per zone: every sweep in that hour filters the hour's answer, which reaches an hour further.
 */
const changesCache = new Map<string, { hour: number; changes: ClockChange[] }>();
export function changesAhead(zone: string, now: Date): ClockChange[] {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  let cached = changesCache.get(zone);
  if (!cached || cached.hour !== hour) {
    cached = { hour, changes: clockChanges(zone, hour * HOUR_MS, (hour + 1) * HOUR_MS + NOTICE_DAYS * DAY_MS) };
    changesCache.set(zone, cached);
  }
  const end = now.getTime() + NOTICE_DAYS * DAY_MS;
  return cached.changes.filter((change) => change.at.getTime() > now.getTime() && change.at.getTime() <= end);
}

/** Sends every daylight-saving notice due now; answers how many clients were told. */
export async function queueDaylightSavingNotices(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const due: { zone: string; change: ClockChange }[] = [];
  for (const zone of await zonesOfSeriesClients(app.db, now)) {
    // A zone stored before validation, or one this runtime no longer knows, has no changes to tell.
    let changes: ClockChange[] = [];
    try {
      changes = changesAhead(zone, now);
    } catch (error) {
      app.log.warn({ err: error, zone }, "time zone not known: no daylight-saving notice");
    }
    for (const change of changes) due.push({ zone, change });
  }
  const notices: NotificationRow[] = [];
  for (const { zone, change } of due) {
    const byClient = new Map<string, SeriesDateAfterChange[]>();
    for (const date of await seriesDatesAfterChange(app.db, zone, change.at, now)) {
      const ofClient = byClient.get(date.client.id);
      if (ofClient) ofClient.push(date);
      else byClient.set(date.client.id, [date]);
    }
    for (const dates of byClient.values()) {
      const notice = await sendNotice(app, zone, change, dates);
      if (notice) notices.push(notice);
    }
  }
  if (notices.length > 0) app.emailQueue.kick();
  for (const notice of notices) await announce(app, notice);
  if (notices.length > 0) app.log.info({ count: notices.length }, "daylight-saving notices sent");
  return notices.length;
}

/**
 * One client's notice of one change: the record, the notification and the email in one
 * transaction, so that it exists exactly once. Null when no date moves, when it was sent already,
 * or when it failed (logged: one client's failure leaves neither the others nor the sweep undone).
 */
async function sendNotice(app: FastifyInstance, zone: string, change: ClockChange, dates: SeriesDateAfterChange[]) {
  const client = dates[0]!.client;
  const starts = [...new Set(dates.map((date) => date.startsAt.getTime()))].map((time) => new Date(time));
  const moved = movedDates(zone, change, starts);
  if (moved.length === 0) return null;
  const day = changeDay(zone, change);
  const first = dates.find((date) => date.startsAt.getTime() === moved[0]!.startsAt.getTime())!;
  return app.db
    .transaction(async (tx) => {
      if (!(await claimNotice(tx, { userId: client.id, changeAt: change.at, dates: moved.length }))) return null;
      const row = await createNotification(tx, {
        userId: client.id,
        type: "BOOKING",
        title: MSG.clockChangeTitle,
        content: MSG.clockChangeNotice(
          day,
          moved.map((date) => date.line),
        ),
        entityId: first.bookingId,
      });
      if (!client.emailOff.includes("daylightSaving")) await queueEmails(tx, [noticeEmail(app, client, day, moved)]);
      return row;
    })
    .catch((error: unknown) => {
      app.log.error({ err: error, userId: client.id, zone }, "daylight-saving notice failed");
      return null;
    });
}

function noticeEmail(app: FastifyInstance, client: UserRow, day: string, moved: MovedDate[]) {
  const base = siteUrl(app);
  const unsubscribe = unsubscribeLinks(base, client, "daylightSaving");
  return {
    userId: client.id,
    to: client.email,
    kind: "daylightSaving",
    ...renderEmail({
      subject: MSG.clockChangeSubject(day, moved.length),
      greeting: `Hi ${client.firstName},`,
      paragraphs: [MSG.clockChangeLead(day, moved.length), ...moved.map((date) => date.line), MSG.clockChangeSame],
      action: { label: "Open my bookings", url: `${base}/bookings` },
      footer: [`You get this email because "${EMAIL_KIND_LABELS.daylightSaving}" is on in your account settings.`],
      unsubscribeUrl: unsubscribe.page,
    }),
    headers: unsubscribe.headers,
  };
}
