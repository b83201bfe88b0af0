import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG } from "@vam/shared";
import type { UserRow } from "../auth/authenticate.js";
import type { Db } from "../db/client.js";
import { chats, messages, notifications } from "../db/schema.js";
import { conflict } from "../http/errors.js";
import { announce } from "../notifications/create.js";
import type { NotificationRow } from "../notifications/serialize.js";
import { otherMember, userById } from "./queries.js";
import { toChat, toMessage, type ChatRow, type MessageRow } from "./serialize.js";

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

export interface StoredMessage {
  message: MessageRow;
  chat: ChatRow;
  notification: NotificationRow;
}

/**
 * Stores a message inside the caller's transaction: moves the chat on (a person who writes has
 * read it) and refreshes the recipient's one MESSAGE notification of this chat (unread again).
 * `automatic`: the platform writes it on the sender's behalf (the booking's two messages), so
 * it marks nothing read: only opening the chat does.
 */
export async function storeMessage(
  tx: Db,
  chat: ChatRow,
  sender: UserRow,
  text: string,
  { automatic = false }: { automatic?: boolean } = {},
): Promise<StoredMessage> {
  const recipientId = otherMember(chat, sender.id);
  const senderRead = chat.userAId === sender.id ? "userAReadAt" : "userBReadAt";
  const [message] = await tx.insert(messages).values({ chatId: chat.id, senderId: sender.id, text }).returning();
  const [updated] = await tx
    .update(chats)
    .set({ lastMessageAt: message!.createdAt, ...(automatic ? {} : { [senderRead]: message!.createdAt }) })
    .where(eq(chats.id, chat.id))
    .returning();
  const content = preview(text);
  const title = `New message from ${sender.firstName}`;
  // One MESSAGE notification per chat and recipient: a read one makes way for the new unread one,
  // so a conversation read as it arrives (an open chat marks it read) leaves one row, not one a message.
  await tx
    .delete(notifications)
    .where(
      and(eq(notifications.userId, recipientId), eq(notifications.chatId, chat.id), eq(notifications.type, "MESSAGE"), eq(notifications.read, true)),
    );
  const [notification] = await tx
    .insert(notifications)
    .values({ userId: recipientId, type: "MESSAGE", title, content, chatId: chat.id, entityId: message!.id })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.chatId],
      targetWhere: sql`${notifications.type} = 'MESSAGE' and ${notifications.read} = false`,
      set: { title, content, entityId: message!.id, createdAt: message!.createdAt, updatedAt: message!.createdAt },
    })
    .returning();
  return { message: message!, chat: updated!, notification: notification! };
}

/** After commit: the message to every tab of both members, the notification to the recipient. */
export async function publishMessage(app: FastifyInstance, stored: StoredMessage, sender: UserRow) {
  const recipient = await userById(app.db, otherMember(stored.chat, sender.id));
  const payload = toMessage(stored.message, sender);
  const last = { text: stored.message.text, senderId: sender.id, createdAt: stored.message.createdAt };
  app.realtime.toUser(sender.id, "newMessage", { chat: toChat(stored.chat, recipient, last), message: payload });
  app.realtime.toUser(recipient.id, "newMessage", { chat: toChat(stored.chat, sender, last), message: payload });
  app.metrics.messagesDelivered.inc();
  await announce(app, stored.notification);
  return payload;
}

export async function postMessage(app: FastifyInstance, chat: ChatRow, sender: UserRow, text: string) {
  // A deleted account's chats stay readable, but nobody can write to it any more.
  const recipient = await userById(app.db, otherMember(chat, sender.id));
  if (recipient.deletedAt) throw conflict(MSG.recipientDeleted);
  const stored = await app.db.transaction((tx) => storeMessage(tx, chat, sender, text));
  return publishMessage(app, stored, sender);
}
