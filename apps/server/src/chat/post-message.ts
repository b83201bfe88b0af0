import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MSG } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { Db } from "../db/client.js";
import { chats, messages, notifications } from "../db/schema.js";
import { badRequest, conflict } from "../http/errors.js";
import { announce, type NotificationRow } from "../notifications/public.js";
import { attachmentSigner } from "./files.js";
import { attachFiles, type ChatFileRow } from "./files-repository.js";
import { otherMember, userById } from "./queries.js";
import { toChat, toMessage, type ChatRow, type MessageRow } from "./serialize.js";

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

export interface StoredMessage {
  message: MessageRow;
  chat: ChatRow;
  notification: NotificationRow;
  /** The files sent with it (files in chat), in order. */
  attachments: ChatFileRow[];
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
  { automatic = false, attachmentIds = [] }: { automatic?: boolean; attachmentIds?: readonly string[] } = {},
): Promise<StoredMessage> {
  const recipientId = otherMember(chat, sender.id);
  const senderRead = chat.userAId === sender.id ? "userAReadAt" : "userBReadAt";
  const [message] = await tx.insert(messages).values({ chatId: chat.id, senderId: sender.id, text }).returning();
  // Only the sender's own unsent uploads to this chat; anything else refuses the whole message.
  const attachments = await attachFiles(tx, chat.id, sender.id, message!.id, attachmentIds);
  if (attachments.length !== attachmentIds.length) throw badRequest(MSG.chatFileNotYours, "attachmentIds");
  const [updated] = await tx
    .update(chats)
    .set({ lastMessageAt: message!.createdAt, ...(automatic ? {} : { [senderRead]: message!.createdAt }) })
    .where(eq(chats.id, chat.id))
    .returning();
  const content = text ? preview(text) : attachments.some((file) => file.kind === "image") ? MSG.chatFileSentImage : MSG.chatFileSentFile;
  const title = MSG.notificationTitle.newMessageFrom(sender.firstName);
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
  return { message: message!, chat: updated!, notification: notification!, attachments };
}

/**
 * After commit: the message to every tab of both members, the notification to the recipient.
 * `push: false` for the message a booking change writes in the chat: the booking's own
 * notification is pushed, and one event makes one push on the person's devices.
 */
export async function publishMessage(app: FastifyInstance, stored: StoredMessage, sender: UserRow, { push = true }: { push?: boolean } = {}) {
  const recipient = await userById(app.db, otherMember(stored.chat, sender.id));
  // Each member's copy carries file URLs signed for them.
  const forSender = await attachmentSigner(app, sender.id);
  const forRecipient = await attachmentSigner(app, recipient.id);
  const payload = toMessage(stored.message, sender, stored.attachments.map(forSender));
  const recipientPayload = toMessage(stored.message, sender, stored.attachments.map(forRecipient));
  const last = { text: stored.message.text, senderId: sender.id, createdAt: stored.message.createdAt };
  app.realtime.toUser(sender.id, "newMessage", { chat: toChat(stored.chat, recipient, last), message: payload });
  app.realtime.toUser(recipient.id, "newMessage", { chat: toChat(stored.chat, sender, last), message: recipientPayload });
  app.metrics.messagesDelivered.inc();
  await announce(app, stored.notification, { push });
  return payload;
}

export async function postMessage(app: FastifyInstance, chat: ChatRow, sender: UserRow, text: string, attachmentIds: readonly string[] = []) {
  // A deleted account's chats stay readable, but nobody can write to it any more.
  const recipient = await userById(app.db, otherMember(chat, sender.id));
  if (recipient.deletedAt) throw conflict(MSG.recipientDeleted);
  const stored = await app.db.transaction((tx) => storeMessage(tx, chat, sender, text, { attachmentIds }));
  return publishMessage(app, stored, sender);
}
