import type { Chat, ChatMessage } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../api/errors";
import { readToken } from "../../api/session-storage";
import { fetchChat, fetchChats, openChatWith } from "./chat-api";
import { chatForParam } from "./chat-people";

/** The chat `/chat/{param}` opens, with its latest messages (null when they could not be loaded), or why it could not be opened. */
export type OpenedChat = { chat: Chat; messages: ChatMessage[] | null; start: ConversationStart } | { chat?: undefined; error: string | undefined };

/** Where the opened conversation's messages start: the cursor to the earlier ones (null at its beginning), and the reader's first unread message. */
export interface ConversationStart {
  olderCursor: string | null;
  firstUnreadId: string | null;
}

const NOTHING_BEFORE: ConversationStart = { olderCursor: null, firstUnreadId: null };

export interface ChatPageData {
  /** Most recent activity first; null when the list could not be loaded at all. */
  chats: Chat[] | null;
  opened: OpenedChat | null;
}

/**
 * `/chat` and `/chat/{param}`: the user's chats and the open one (started with that user when
 * there is none yet). Runs again on every move between chats and whenever the page asks for
 * fresh data (a reconnect): the page merges live messages into what this loaded.
 */
export async function chatLoader({ params }: LoaderFunctionArgs): Promise<ChatPageData> {
  // Signed out: the protected layout sends the visitor to /login; nothing to ask the server.
  if (!readToken()) return { chats: [], opened: null };
  let chats: Chat[];
  try {
    chats = await fetchChats();
  } catch {
    return { chats: null, opened: null };
  }
  const param = params.userId;
  if (!param) return { chats, opened: null };
  let chat = chatForParam(chats, param);
  if (!chat) {
    try {
      chat = await openChatWith(param);
    } catch (error) {
      return { chats, opened: { error: error instanceof ApiError ? error.serverMessage : undefined } };
    }
    chats = [chat, ...chats.filter((item) => item.id !== chat?.id)];
  }
  const loaded = await fetchChat(chat.id).catch(() => null);
  const start = loaded ? { olderCursor: loaded.olderCursor, firstUnreadId: loaded.firstUnreadId } : NOTHING_BEFORE;
  return { chats, opened: { chat, messages: loaded?.messages ?? null, start } };
}
