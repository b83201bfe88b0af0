import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ASSISTANT_RATE, MSG, bookerRefusal, centavosOf, unpaidRefusal } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import { findOrStartChat, publishMessage, type StoredMessage, storeMessage } from "../chat/public.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { queueBookingEmails } from "./emails.js";
import { badRequest, conflict, conflictWith, forbidden, notFound } from "../http/errors.js";
import { announce, createNotification } from "../notifications/public.js";
import { insertPayment, paymentByReference, type PaymentRow, submitPayment, unpaidHoldOf } from "../payments/public.js";
import { assertNotOff, offOwner, offSlotSet } from "../time-off/public.js";
import { findUserByReferralCode } from "../users/public.js";
import { seriesPayment } from "./changes.js";
import { storeBookings, storeSeries, type BookingWithParties } from "./queries.js";
import type { BookingRow } from "./serialize.js";
import { holdingBookings, lockBookableConsultant, lockClient, rethrowSlotTaken } from "../slots/public.js";

export const CLIENT_BOOKED_MESSAGE = "Hi, I booked just now can you confirm?";
export const CONSULTANT_AUTO_REPLY = "Hello Boss! Confirming your booking.";

/**
 * The Assistant `booker` may book (a single booking or a series): refused as the shared
 * `bookerRefusal` says (Operator 403, oneself 400), 404 unknown or suspended, 400 not an Assistant.
 * A referral code, when given, must be someone else's.
 */
export async function bookableConsultant(db: Db, booker: UserRow, consultantId: string, referralCode: string | undefined) {
  const refusal = bookerRefusal(booker, consultantId);
  if (refusal) throw refusal === MSG.bookingNotBookable ? forbidden(refusal) : badRequest(refusal);
  const [consultant] = await db.select().from(users).where(eq(users.id, consultantId));
  if (!consultant || consultant.suspendedAt || consultant.deletedAt) throw notFound(MSG.consultantNotFound);
  if (consultant.role !== "Assistant") throw badRequest(MSG.bookingNotAssistant);
  if (referralCode) {
    const owner = await findUserByReferralCode(db, referralCode);
    if (!owner) throw badRequest(MSG.referralCodeUnknown, "referralCode");
    if (owner.id === booker.id) throw badRequest(MSG.bookingReferralOwn, "referralCode");
  }
  return consultant;
}

/** Pesos per booking of `duration` hours with `consultant`. */
export const bookingPrice = (consultant: UserRow, duration: number) => (consultant.salaryRate ?? ASSISTANT_RATE) * duration;

/**
 * In the booking's transaction: the chat of client and consultant with the client's automatic
 * request. The consultant's reply "Hello Boss! Confirming your booking." waits until they accept
 * (decisions.md, "Paying with QR Ph": nothing says a booking is confirmed before it is).
 */
export async function storeBookingMessage(tx: Db, client: UserRow, consultant: UserRow): Promise<StoredMessage> {
  const { chat } = await findOrStartChat(tx, client.id, consultant.id);
  return storeMessage(tx, chat, client, CLIENT_BOOKED_MESSAGE, { automatic: true });
}

/** In the acceptance's transaction: the consultant's automatic "Confirming your booking." in their chat with the client. */
export async function storeAcceptedMessage(tx: Db, client: UserRow, consultant: UserRow): Promise<StoredMessage> {
  const { chat } = await findOrStartChat(tx, client.id, consultant.id);
  return storeMessage(tx, chat, consultant, CONSULTANT_AUTO_REPLY, { automatic: true });
}

/**
 * In the booking's transaction, after the client's lock: the payment the new booking (or series)
 * is paid by. The reference the payment step showed (the one the client paid with) is taken when
 * it is the client's open payment of this very amount; without one a payment is opened here.
 * The unpaid cap is checked first: it was shown before the payment step, never after "I have paid".
 */
export async function paymentForBooking(
  tx: Db,
  choice: { client: UserRow; consultant: UserRow; reference: string | undefined; amountCentavos: number; dates: number; duration: number },
  now: Date,
): Promise<PaymentRow> {
  const refusal = unpaidRefusal(await unpaidHoldOf(tx, choice.client.id), choice.dates);
  if (refusal) throw badRequest(refusal);
  const { client, consultant, reference, amountCentavos, dates, duration } = choice;
  if (!reference) {
    return insertPayment(tx, {
      clientId: client.id,
      consultantId: consultant.id,
      amountCentavos,
      dates,
      duration,
      state: "UNVERIFIED",
      submittedAt: now,
      createdAt: now,
    });
  }
  const payment = await paymentByReference(tx, reference, { lock: true });
  if (!payment || payment.clientId !== client.id || payment.consultantId !== consultant.id) throw notFound(MSG.paymentNotFound);
  if (payment.state !== "OPEN") throw conflict(MSG.paymentReferenceUsed, "paymentReference");
  if (payment.amountCentavos !== amountCentavos || payment.dates !== dates || payment.duration !== duration) {
    throw conflict(MSG.paymentAmountChanged, "paymentReference");
  }
  return submitPayment(tx, payment.id, now);
}

/** One date of a new booking or series: its Manila day and its slot [startsAt, endsAt). */
export interface NewBookingDate {
  date: string;
  startsAt: Date;
  endsAt: Date;
}

/** What a client books: one date, or (with `series`) the dates of a weekly series, all of the same slot and duration. */
export interface NewBookings {
  client: UserRow;
  consultant: UserRow;
  /** Earliest first; one for a single booking. */
  dates: readonly NewBookingDate[];
  duration: number;
  /** Pesos per date. */
  price: number;
  paymentReference: string | undefined;
  referralCode: string | undefined;
  /** A weekly series: its row is stored with the dates, and a taken date refuses the whole series (409 with the taken dates). */
  series?: { firstStartsAt: Date; weeks: number };
  /** The consultant's notification: its title and text, told the stored dates (earliest first). */
  notice: (rows: readonly BookingRow[]) => { title: string; content: string };
  now: Date;
}

/**
 * In the series' transaction, under the consultant's lock: refuses (409 with the taken dates) a
 * series of which a date is held by a booking or taken off.
 */
async function assertSeriesDatesFree(tx: Db, consultantId: string, dates: readonly NewBookingDate[]) {
  const held = await holdingBookings(tx, consultantId, dates[0]!.startsAt, dates[dates.length - 1]!.endsAt);
  const off = await offSlotSet(tx, await offOwner(tx, consultantId), dates[0]!.date, dates[dates.length - 1]!.date);
  const taken = dates
    .filter(({ startsAt, endsAt }) => off.blocks(startsAt, endsAt) || held.some((b) => b.startsAt < endsAt && b.endsAt > startsAt))
    .map(({ date }) => date);
  if (taken.length > 0) throw conflictWith(MSG.seriesDatesTaken(taken), { takenDates: taken });
}

/**
 * Books one date or a weekly series, whole or not at all. One transaction: the client's lock,
 * the payment (unpaid cap first), the consultant's lock, the time off and held slots check, the
 * booking(s) (and the series' row; the exclusion constraint decides races), the client's chat
 * message, the consultant's notification and both parties' emails. After it commits: the search
 * index settles, the message and the notification go out, the email queue is kicked.
 * Answers the stored dates with both parties and their payment, earliest first.
 */
export async function createBookings(app: FastifyInstance, order: NewBookings): Promise<BookingWithParties[]> {
  const { client, consultant, dates, duration, price, series, now } = order;
  const referralCode = order.referralCode?.toUpperCase() ?? null;
  const created = await app.db
    .transaction(async (tx) => {
      // The client's lock first, then the consultant's: always in that order, so never a cycle. A
      // series and a booking of one of its slots queue behind each other, and the later one sees the earlier.
      await lockClient(tx, client.id);
      const payment = await paymentForBooking(
        tx,
        { client, consultant, reference: order.paymentReference, amountCentavos: centavosOf(price * dates.length), dates: dates.length, duration },
        now,
      );
      await lockBookableConsultant(tx, consultant.id);
      if (series) await assertSeriesDatesFree(tx, consultant.id, dates);
      else await assertNotOff(tx, consultant.id, dates[0]!.startsAt, dates[0]!.endsAt);

      const seriesRow = series
        ? await storeSeries(tx, {
            clientId: client.id,
            consultantId: consultant.id,
            firstStartsAt: series.firstStartsAt,
            weeks: series.weeks,
            duration,
            createdAt: now,
          })
        : undefined;
      const rows = await storeBookings(
        tx,
        dates.map(({ startsAt, endsAt }) => ({
          clientId: client.id,
          consultantId: consultant.id,
          startsAt,
          endsAt,
          ...(seriesRow && { originalStartsAt: startsAt }),
          duration,
          price,
          paymentId: payment.id,
          ...(seriesRow && { isRecurring: true, seriesId: seriesRow.id }),
          referralCode,
          createdAt: now,
          updatedAt: now,
        })),
      );
      rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      const message = await storeBookingMessage(tx, client, consultant);
      const notification = await createNotification(tx, {
        userId: consultant.id,
        type: "BOOKING",
        ...order.notice(rows),
        entityId: rows[0]!.id,
      });
      const items = rows.map((booking) => ({ booking, client, consultant, payment }));
      await queueBookingEmails(tx, app, {
        kind: "bookingCreated",
        item: items[0]!,
        actor: client,
        ...(series && { series: seriesPayment(items) }),
      });
      return { items, message, notification };
    })
    .catch(rethrowSlotTaken);

  await app.searchIndex.settle();
  await publishMessage(app, created.message, client, { push: false });
  await announce(app, created.notification);
  app.emailQueue.kick();
  return created.items;
}
