import type { FastifyInstance } from "fastify";
import { formatLongDate, formatPeso, formatTime, manilaDate, manilaTime, MSG, withYourTime, type BookingStatus } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { Db } from "../db/client.js";
import { announce, createNotification, type NotificationRow } from "../notifications/public.js";
import type { BookingWithParties } from "./queries.js";
import { bookingViews, type BookingRow } from "./serialize.js";

export type BookingChange = { status: Exclude<BookingStatus, "PENDING"> } | { rescheduled: true };

const STATUS_NOTICE = {
  CONFIRMED: { title: MSG.notificationTitle.bookingConfirmed, verb: "confirmed" },
  CANCELLED: { title: MSG.notificationTitle.bookingCancelled, verb: "cancelled" },
  COMPLETED: { title: MSG.notificationTitle.bookingCompleted, verb: "completed" },
} as const;

/**
 * "Monday, November 23, 2026 at 9:00 AM": how every booking notification names the booking, for
 * its recipient in `zone` (their `timeZone`): where their clock differs, their own time beside
 * Manila's ("… at 9:00 AM Manila · Sun, Nov 22, 5:00 PM your time", decisions.md "Time zones").
 */
export const bookingWhen = (booking: Pick<BookingRow, "startsAt">, zone?: string | null) =>
  withYourTime(`${formatLongDate(manilaDate(booking.startsAt))} at ${formatTime(manilaTime(booking.startsAt))}`, booking.startsAt, zone);

/** Stores the BOOKING notification telling the other party what `actor` did. */
export function notifyOtherParty(tx: Db, change: BookingChange, actor: UserRow, { booking, client, consultant }: BookingWithParties) {
  const other = actor.id === client.id ? consultant : client;
  const name = `${actor.firstName} ${actor.lastName}`;
  const { title, content } =
    "status" in change
      ? {
          title: STATUS_NOTICE[change.status].title,
          content: `${name} ${STATUS_NOTICE[change.status].verb} the booking on ${bookingWhen(booking, other.timeZone)}.`,
        }
      : { title: MSG.notificationTitle.bookingRescheduled, content: `${name} moved your booking to ${bookingWhen(booking, other.timeZone)}.` };
  return createNotification(tx, { userId: other.id, type: "BOOKING", title, content, entityId: booking.id });
}

/** What the platform (an operator or the hold sweep) did to a booking, told to both parties. */
export type PlatformChange = "paymentReceived" | "paymentRejected" | "paymentExpired" | "notAccepted";

/** A weekly series changed as one payment: how many of its dates, and their total in pesos. */
export interface SeriesPayment {
  dates: number;
  total: number;
}

/** The dates of a series changed at once: how many, and their total. */
export const seriesPayment = (changed: readonly { booking: { price: number } }[]): SeriesPayment => ({
  dates: changed.length,
  total: changed.reduce((sum, item) => sum + item.booking.price, 0),
});

/** The notice of a platform change as `recipient` reads it (the booking's time in their zone too). */
function platformNotice(change: PlatformChange, booking: BookingRow, recipient: UserRow, series?: SeriesPayment) {
  const when = bookingWhen(booking, recipient.timeZone);
  const what = series ? `the ${series.dates} weekly dates from ${when}` : `the booking on ${when}`;
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  switch (change) {
    case "paymentReceived":
      return {
        title: MSG.notificationTitle.paymentReceived,
        content: `The payment of ${formatPeso(series?.total ?? booking.price)} for ${what} was received.`,
      };
    case "paymentRejected":
      return {
        title: MSG.notificationTitle.paymentNotReceived,
        content: `The payment for ${what} was not received, so ${series ? "they were" : "the booking was"} cancelled.`,
      };
    case "paymentExpired":
      return {
        title: MSG.notificationTitle.bookingCancelled,
        content: `${What} ${series ? "were" : "was"} cancelled: payment not received in time.`,
      };
    case "notAccepted":
      return { title: MSG.notificationTitle.bookingCancelled, content: `${What} ${series ? "were" : "was"} cancelled: not accepted in time.` };
  }
}

/** Stores the BOOKING notifications of a platform change for both parties (once for a whole series). */
export async function notifyBothParties(tx: Db, change: PlatformChange, { booking, client, consultant }: BookingWithParties, series?: SeriesPayment) {
  const notices: NotificationRow[] = [];
  for (const user of [client, consultant]) {
    const { title, content } = platformNotice(change, booking, user, series);
    notices.push(await createNotification(tx, { userId: user.id, type: "BOOKING", title, content, entityId: booking.id }));
  }
  return notices;
}

/**
 * After commit: the notifications, and the changed booking, as each party sees it, to every tab
 * of both. First this instance's search index reads the change (held time, decision 0015), so
 * that "available on" shows it before the route answers.
 */
export async function publishChange(app: FastifyInstance, changed: BookingWithParties, notifications: (NotificationRow | null)[]) {
  app.emailQueue.kick();
  await app.searchIndex.settle();
  await pushChange(app, changed, notifications);
}

async function pushChange(app: FastifyInstance, changed: BookingWithParties, notifications: (NotificationRow | null)[]) {
  for (const party of [changed.client, changed.consultant]) {
    const [booking] = await bookingViews(app.db, party.id, [changed]);
    app.realtime.toUser(party.id, "bookingChanged", { booking: booking! });
  }
  for (const notification of notifications) if (notification) await announce(app, notification);
}

/** After commit: several bookings changed at once (a series), and the one notification that told of them. */
export async function publishChanges(app: FastifyInstance, changed: BookingWithParties[], notifications: (NotificationRow | null)[]) {
  app.emailQueue.kick();
  await app.searchIndex.settle();
  for (const item of changed) await pushChange(app, item, []);
  for (const notification of notifications) if (notification) await announce(app, notification);
}
