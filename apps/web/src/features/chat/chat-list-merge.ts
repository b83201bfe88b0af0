import type { Chat, ChatMessage } from "@vam/shared";

/** The chat's new `seenBy` (a read receipt). */
export function withSeenBy(chats: Chat[], chatId: string, seenBy: string[]): Chat[] {
  return chats.map((chat) => (chat.id === chatId ? { ...chat, seenBy } : chat));
}

/**
 * The answer to one's own send: only the last message moves on (and the chat to the top), unless
 * a newer one is already there. Who has seen the chat comes from the socket, in order; the answer
 * may arrive after a newer read receipt, so it never touches `seenBy`.
 */
export function noteSent(chats: Chat[], chatId: string, sent: Pick<ChatMessage, "text" | "userId" | "createdAt">): Chat[] {
  const chat = chats.find((item) => item.id === chatId);
  if (!chat || (chat.lastMessage && chat.lastMessage.createdAt >= sent.createdAt)) return chats;
  const lastMessage = { text: sent.text, userId: sent.userId, createdAt: sent.createdAt };
  return [{ ...chat, lastMessage }, ...chats.filter((item) => item.id !== chatId)];
}
