import type { FastifyInstance } from "fastify";
import { formatLongDate, formatTime, type BookingStatus } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import type { Db } from "../db/client.js";
import { announce, createNotification } from "../notifications/create.js";
import type { NotificationRow } from "../notifications/serialize.js";
import { manilaDate, manilaTime } from "./manila.js";
import type { BookingWithParties } from "./queries.js";
import { toBooking, type BookingRow } from "./serialize.js";

export type BookingChange = { status: Exclude<BookingStatus, "PENDING"> } | { rescheduled: true };

const STATUS_NOTICE = {
  CONFIRMED: { title: "Booking confirmed", verb: "confirmed" },
  CANCELLED: { title: "Booking cancelled", verb: "cancelled" },
  COMPLETED: { title: "Booking completed", verb: "completed" },
} as const;

const when = (booking: BookingRow) => `${formatLongDate(manilaDate(booking.startsAt))} at ${formatTime(manilaTime(booking.startsAt))}`;

/** Stores the BOOKING notification telling the other party what `actor` did. */
export function notifyOtherParty(tx: Db, change: BookingChange, actor: UserRow, { booking, client, consultant }: BookingWithParties) {
  const other = actor.id === client.id ? consultant : client;
  const name = `${actor.firstName} ${actor.lastName}`;
  const { title, content } =
    "status" in change
      ? {
          title: STATUS_NOTICE[change.status].title,
          content: `${name} ${STATUS_NOTICE[change.status].verb} the booking on ${when(booking)}.`,
        }
      : { title: "Booking rescheduled", content: `${name} moved your booking to ${when(booking)}.` };
  return createNotification(tx, { userId: other.id, type: "BOOKING", title, content, entityId: booking.id });
}

/** After commit: the notifications, and the changed booking to every tab of both parties. */
export async function publishChange(app: FastifyInstance, changed: BookingWithParties, notifications: (NotificationRow | null)[]) {
  const booking = toBooking(changed.booking, changed.client, changed.consultant);
  for (const userId of [changed.client.id, changed.consultant.id]) app.realtime.toUser(userId, "bookingChanged", { booking });
  for (const notification of notifications) if (notification) await announce(app, notification);
}
