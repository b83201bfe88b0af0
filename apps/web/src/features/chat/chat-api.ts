import type { Chat, ChatMessage, ChatMessagePage, ChatWithMessages } from "@vam/shared";
import { api } from "../../api/client";

const id = encodeURIComponent;

/** The signed-in user's chats, most recent activity first. */
export function fetchChats(): Promise<Chat[]> {
  return api.get<Chat[]>("/chats");
}

export function fetchChat(chatId: string): Promise<ChatWithMessages> {
  return api.get<ChatWithMessages>(`/chats/${id(chatId)}`);
}

/** The messages before `before` (a chat's `olderCursor`), oldest first. */
export function fetchOlderMessages(chatId: string, before: string): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(`/chats/${id(chatId)}/messages?${new URLSearchParams({ before }).toString()}`);
}

/** The chat with that user, started if there is none yet. */
export function openChatWith(receiverId: string): Promise<Chat> {
  return api.post<Chat>("/chats", { receiverId });
}

/** Returns the chat's new `seenBy`. */
export async function markChatRead(chatId: string): Promise<string[]> {
  return (await api.put<{ seenBy: string[] }>(`/chats/read/${id(chatId)}`)).seenBy;
}

export function postChatMessage(chatId: string, text: string): Promise<ChatMessage> {
  return api.post<ChatMessage>(`/messages/${id(chatId)}`, { text });
}

/** A message to a person, in the chat with them (started if needed). */
export function sendMessageTo(recipientId: string, message: string): Promise<{ chatId: string; message: ChatMessage }> {
  return api.post("/messages/send", { recipientId, message });
}
