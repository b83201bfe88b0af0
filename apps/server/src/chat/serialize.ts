import type { Chat, ChatAttachment, ChatMessage, ChatPerson } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { chats, messages } from "../db/schema.js";
import { encodeCursor } from "../http/cursor.js";

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type LastMessage = Pick<MessageRow, "text" | "senderId" | "createdAt">;

export const toPerson = (user: UserRow): ChatPerson => ({
  id: user.id,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  avatar: user.avatar,
  role: user.role,
  ...(user.deletedAt && { deleted: true as const }),
});

/** Members who have read up to the last message (or have nothing to read). */
export function seenBy(chat: ChatRow): string[] {
  const readUpTo = (readAt: Date | null) => !chat.lastMessageAt || (readAt !== null && readAt >= chat.lastMessageAt);
  return [...(readUpTo(chat.userAReadAt) ? [chat.userAId] : []), ...(readUpTo(chat.userBReadAt) ? [chat.userBId] : [])];
}

export function toChat(chat: ChatRow, other: UserRow, last: LastMessage | undefined): Chat {
  return {
    id: chat.id,
    userIDs: [chat.userAId, chat.userBId],
    receiver: toPerson(other),
    seenBy: seenBy(chat),
    lastMessage: last ? { text: last.text, userId: last.senderId, createdAt: last.createdAt.toISOString() } : null,
    createdAt: chat.createdAt.toISOString(),
  };
}

export const toMessage = (message: MessageRow, sender: UserRow, attachments: ChatAttachment[] = []): ChatMessage => ({
  id: message.id,
  chatId: message.chatId,
  text: message.text,
  attachments,
  userId: message.senderId,
  createdAt: message.createdAt.toISOString(),
  user: { id: sender.id, firstName: sender.firstName, lastName: sender.lastName, avatar: sender.avatar },
});

/** Where the messages before a page start (`olderCursor`): its oldest message's place, exact to the microsecond; null at the conversation's start. */
export function olderCursor(page: { rows: { message: MessageRow; exactAt: string }[]; hasOlder: boolean }): string | null {
  const oldest = page.rows[0];
  return page.hasOlder && oldest ? encodeCursor({ createdAt: oldest.exactAt, id: oldest.message.id }) : null;
}
