import type { Chat } from "@vam/shared";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useRealtimeEvent } from "../realtime/public";
import { READ_FETCHER, SEND_FETCHER, type ReadAnswer, type SendAnswer } from "./chat-data";
import { noteSent, withSeenBy } from "./chat-list-merge";

interface Live {
  source: Chat[];
  chats: Chat[];
  /** The send and read answers already taken in. */
  sent: SendAnswer | undefined;
  read: ReadAnswer | undefined;
}

/**
 * The signed-in user's chats (most recent activity first) as the page's loader read them, kept
 * live from the socket and from the answers to one's own sends and read marks until the loader
 * runs again (then its list wins).
 */
export function useChatList(loaded: Chat[]): Chat[] {
  const sent = useFetcher<SendAnswer>({ key: SEND_FETCHER }).data;
  const read = useFetcher<ReadAnswer>({ key: READ_FETCHER }).data;
  const [live, setLive] = useState<Live>({ source: loaded, chats: loaded, sent, read });
  let current = live;
  // New data from the loader (another chat opened, a reconnect): start again from it.
  if (current.source !== loaded) current = { ...current, source: loaded, chats: loaded };
  if (sent !== current.sent) current = { ...current, sent, chats: sent?.ok ? noteSent(current.chats, sent.chatId, sent.data) : current.chats };
  if (read !== current.read)
    current = { ...current, read, chats: read?.ok ? withSeenBy(current.chats, read.data.chatId, read.data.seenBy) : current.chats };
  if (current !== live) setLive(current);

  const update = (change: (list: Chat[]) => Chat[]) => setLive((state) => ({ ...state, chats: change(state.chats) }));
  useRealtimeEvent("newMessage", ({ chat }) => update((list) => [chat, ...list.filter((item) => item.id !== chat.id)]));
  useRealtimeEvent("chatRead", ({ chatId, seenBy }) => update((list) => withSeenBy(list, chatId, seenBy)));

  return current.chats;
}
