import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { EMAIL_KIND_LABELS, REMINDER_HOURS, UNREAD_EMAIL_MINUTES } from "@vam/shared";
import { bookingsWithParties } from "./queries.js";
import { bookings, chats, messages, users } from "../db/schema.js";
import { queueBookingEmails } from "./emails.js";
import { type OutgoingEmail, queueEmails, renderEmail, siteUrl, unsubscribeLinks } from "../email/public.js";

/** At most this many bookings or chats per transaction; each sweep loops until none is due. */
const BATCH = 100;

/**
 * Queues the reminder of every confirmed booking that starts within REMINDER_HOURS and has none
 * yet (a reschedule clears it, so the new time is reminded). Rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and marked in the same transaction: once, across instances.
 */
export async function queueReminders(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const horizon = new Date(now.getTime() + REMINDER_HOURS * 3600_000);
  let total = 0;
  for (;;) {
    const count = await app.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.status, "CONFIRMED"), isNull(bookings.reminderSentAt), gt(bookings.startsAt, now), lte(bookings.startsAt, horizon)))
        .orderBy(bookings.startsAt)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((row) => row.id);
      await tx.update(bookings).set({ reminderSentAt: now }).where(inArray(bookings.id, ids));
      for (const item of await bookingsWithParties(tx, inArray(bookings.id, ids))) {
        await queueBookingEmails(tx, app, { kind: "bookingReminder", item });
      }
      return due.length;
    });
    total += count;
    if (count < BATCH) return total;
  }
}

/**
 * One email per chat and recipient when a message has stayed unread for UNREAD_EMAIL_MINUTES:
 * not another until the recipient reads the chat (`emailed_at` before `read_at`), however many
 * more messages come. Claimed like the reminders.
 */
export async function queueUnreadMessageEmails(app: FastifyInstance): Promise<number> {
  const cutoff = new Date(app.clock.now().getTime() - UNREAD_EMAIL_MINUTES * 60_000);
  let total = 0;
  for (const side of SIDES) {
    for (;;) {
      const count = await app.db.transaction(async (tx) => {
        const readAt = sql`coalesce(${chats[side.readAt]}, '-infinity'::timestamptz)`;
        const due = await tx
          .select({ id: chats.id, recipientId: chats[side.recipient], senderId: chats[side.sender], readAt: chats[side.readAt] })
          .from(chats)
          .where(
            and(
              sql`${chats.lastMessageAt} > ${readAt}`,
              sql`(${chats[side.emailedAt]} is null or ${chats[side.emailedAt]} < ${chats[side.readAt]})`,
              sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.senderId} = ${chats[side.sender]}
                and ${messages.createdAt} > ${readAt} and ${messages.createdAt} <= ${cutoff})`,
            ),
          )
          .limit(BATCH)
          .for("update", { skipLocked: true });
        if (due.length === 0) return 0;
        await tx
          .update(chats)
          .set({ [side.emailedAt]: sql`clock_timestamp()` })
          .where(
            inArray(
              chats.id,
              due.map((row) => row.id),
            ),
          );
        const people = await tx
          .select()
          .from(users)
          .where(inArray(users.id, [...new Set(due.flatMap((row) => [row.recipientId, row.senderId]))]));
        const byId = new Map(people.map((person) => [person.id, person]));
        const emails: OutgoingEmail[] = [];
        for (const row of due) {
          const recipient = byId.get(row.recipientId);
          const sender = byId.get(row.senderId);
          if (!recipient || !sender || recipient.deletedAt || recipient.emailOff.includes("unreadMessages")) continue;
          const [unread] = await tx
            .select({ n: sql<number>`count(*)::int`, last: sql<string>`(array_agg(${messages.text} order by ${messages.createdAt} desc))[1]` })
            .from(messages)
            .where(and(eq(messages.chatId, row.id), eq(messages.senderId, sender.id), ...(row.readAt ? [gt(messages.createdAt, row.readAt)] : [])));
          emails.push(unreadEmail(app, recipient, sender, unread?.n ?? 1, unread?.last ?? ""));
        }
        await queueEmails(tx, emails);
        return due.length;
      });
      total += count;
      if (count < BATCH) break;
    }
  }
  return total;
}

/** A chat as seen by each member: whose read time, whose email time, who sends to them. */
const SIDES = [
  { recipient: "userAId", sender: "userBId", readAt: "userAReadAt", emailedAt: "userAEmailedAt" },
  { recipient: "userBId", sender: "userAId", readAt: "userBReadAt", emailedAt: "userBEmailedAt" },
] as const;

type UserRow = typeof users.$inferSelect;

function unreadEmail(app: FastifyInstance, recipient: UserRow, sender: UserRow, count: number, last: string): OutgoingEmail {
  const from = `${sender.firstName} ${sender.lastName}`;
  const unsubscribe = unsubscribeLinks(siteUrl(app), recipient, "unreadMessages");
  const excerpt = last.length > 200 ? `${last.slice(0, 197)}...` : last;
  return {
    userId: recipient.id,
    to: recipient.email,
    kind: "unreadMessages",
    ...renderEmail({
      subject: count === 1 ? `New message from ${from}` : `${count} new messages from ${from}`,
      greeting: `Hi ${recipient.firstName},`,
      paragraphs: [
        `${from} sent you ${count === 1 ? "a message" : `${count} messages`} on VA Marketplace that you have not read yet.`,
        ...(excerpt ? [`“${excerpt}”`] : []),
      ],
      action: { label: "Open the chat", url: `${siteUrl(app)}/chat/${sender.id}` },
      footer: [
        `You get this email because "${EMAIL_KIND_LABELS.unreadMessages}" is on in your account settings. We send one per chat until you read it.`,
      ],
      unsubscribeUrl: unsubscribe.page,
    }),
    headers: unsubscribe.headers,
  };
}
