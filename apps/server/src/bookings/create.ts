import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ASSISTANT_RATE, MSG, bookerRefusal } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import { publishMessage, storeMessage, type StoredMessage } from "../chat/post-message.js";
import { findOrStartChat } from "../chat/queries.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { badRequest, forbidden, notFound } from "../http/errors.js";
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

/** In the booking's transaction: the chat of client and consultant with the spec's two automatic messages. */
export async function storeBookingMessages(tx: Db, client: UserRow, consultant: UserRow) {
  const { chat } = await findOrStartChat(tx, client.id, consultant.id);
  const request = await storeMessage(tx, chat, client, CLIENT_BOOKED_MESSAGE, { automatic: true });
  const reply = await storeMessage(tx, request.chat, consultant, CONSULTANT_AUTO_REPLY, { automatic: true });
  return [request, reply] as const;
}

/** After commit: the two automatic messages to both parties' sockets. */
export async function publishBookingMessages(
  app: FastifyInstance,
  messages: readonly [StoredMessage, StoredMessage],
  client: UserRow,
  consultant: UserRow,
) {
  await publishMessage(app, messages[0], client);
  await publishMessage(app, messages[1], consultant);
}
