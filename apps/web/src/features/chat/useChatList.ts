import type { Chat } from "@vam/shared";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRealtimeConnect, useRealtimeEvent } from "../realtime/realtime-context";
import { fetchChats } from "./chat-api";

export interface ChatList {
  /** null until loaded. Most recent activity first. */
  chats: Chat[] | null;
  /** The list could not be loaded at all. */
  failed: boolean;
  /** Adds a chat at the top, or refreshes it where it is. */
  add: (chat: Chat) => void;
  /** A chat with new activity: refreshed and moved to the top. */
  setSeenBy: (chatId: string, seenBy: string[]) => void;
  noteSent: (chatId: string, lastMessage: NonNullable<Chat["lastMessage"]>) => void;
}

/** The signed-in user's chats, kept live from the socket and re-fetched on every reconnect. */
export function useChatList(): ChatList {
  const [chats, setChats] = useState<Chat[] | null>(null);
  const [failed, setFailed] = useState(false);
  const latestRequest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const list = await fetchChats();
      if (request !== latestRequest.current) return;
      setChats(list);
      setFailed(false);
    } catch {
      if (request === latestRequest.current) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const add = useCallback((chat: Chat) => {
    setChats((list) => {
      if (!list) return list;
      return list.some((item) => item.id === chat.id) ? list.map((item) => (item.id === chat.id ? chat : item)) : [chat, ...list];
    });
  }, []);

  const bump = useCallback((chat: Chat) => {
    setChats((list) => list && [chat, ...list.filter((item) => item.id !== chat.id)]);
  }, []);

  const setSeenBy = useCallback((chatId: string, seenBy: string[]) => {
    setChats((list) => list && list.map((item) => (item.id === chatId ? { ...item, seenBy } : item)));
  }, []);

  /**
   * The answer to one's own send: only the last message moves on. Who has seen the chat comes
   * from the socket, in order; the answer may arrive after a newer read receipt.
   */
  const noteSent = useCallback((chatId: string, lastMessage: NonNullable<Chat["lastMessage"]>) => {
    setChats((list) => {
      const item = list?.find((chat) => chat.id === chatId);
      if (!list || !item || (item.lastMessage && item.lastMessage.createdAt >= lastMessage.createdAt)) return list;
      return [{ ...item, lastMessage }, ...list.filter((chat) => chat.id !== chatId)];
    });
  }, []);

  useRealtimeEvent("newMessage", ({ chat }) => bump(chat));
  useRealtimeEvent("chatRead", ({ chatId, seenBy }) => setSeenBy(chatId, seenBy));
  useRealtimeConnect(() => void load());

  // A failed re-fetch keeps the list already shown.
  const failedOutright = failed && chats === null;
  return useMemo(() => ({ chats, failed: failedOutright, add, setSeenBy, noteSent }), [chats, failedOutright, add, setSeenBy, noteSent]);
}
