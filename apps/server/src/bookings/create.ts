import { eq } from "drizzle-orm";
import { ASSISTANT_RATE, MSG, bookerRefusal, unpaidRefusal } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import { storeMessage, type StoredMessage } from "../chat/post-message.js";
import { findOrStartChat } from "../chat/queries.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { insertPayment, paymentByReference, submitPayment, unpaidHoldOf, type PaymentRow } from "../payments/public.js";
import { findUserByReferralCode } from "../users/queries.js";

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
