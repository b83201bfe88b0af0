import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { UserRow } from "../auth/authenticate.js";
import { chats, messages, notifications } from "../db/schema.js";
import { announce } from "../notifications/create.js";
import { otherMember, userById } from "./queries.js";
import { toChat, toMessage, type ChatRow } from "./serialize.js";

const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/**
 * Stores a message, moves the chat on (the sender has read it), and refreshes the
 * recipient's one unread MESSAGE notification of this chat, all in one transaction; then
 * pushes the message to every tab of both members and the notification to the recipient.
 */
export async function postMessage(app: FastifyInstance, chat: ChatRow, sender: UserRow, text: string) {
  const recipientId = otherMember(chat, sender.id);
  const senderRead = chat.userAId === sender.id ? "userAReadAt" : "userBReadAt";

  const { message, updatedChat, notification } = await app.db.transaction(async (tx) => {
    const [message] = await tx.insert(messages).values({ chatId: chat.id, senderId: sender.id, text }).returning();
    const [updatedChat] = await tx
      .update(chats)
      .set({ lastMessageAt: message!.createdAt, [senderRead]: message!.createdAt })
      .where(eq(chats.id, chat.id))
      .returning();
    const content = preview(text);
    const title = `New message from ${sender.firstName}`;
    const [notification] = await tx
      .insert(notifications)
      .values({ userId: recipientId, type: "MESSAGE", title, content, chatId: chat.id, entityId: message!.id })
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.chatId],
        targetWhere: sql`${notifications.type} = 'MESSAGE' and ${notifications.read} = false`,
        set: { title, content, entityId: message!.id, createdAt: message!.createdAt, updatedAt: message!.createdAt },
      })
      .returning();
    return { message: message!, updatedChat: updatedChat!, notification: notification! };
  });

  const recipient = await userById(app.db, recipientId);
  const payload = toMessage(message, sender);
  const last = { text: message.text, senderId: sender.id, createdAt: message.createdAt };
  app.realtime.toUser(sender.id, "newMessage", { chat: toChat(updatedChat, recipient, last), message: payload });
  app.realtime.toUser(recipientId, "newMessage", { chat: toChat(updatedChat, sender, last), message: payload });
  await announce(app, notification);
  return payload;
}
