import type { Chat } from "@vam/shared";
import { useEffect, useRef } from "react";
import { markChatRead } from "./chat-api";
import { isReadBy } from "./chat-people";
import { useDocumentVisible } from "./useDocumentVisible";

/**
 * Opening a chat marks it read, and so does a new message arriving while it is open on
 * screen. `ready`: its messages are shown.
 */
export function useMarkChatRead(chat: Chat, userId: string, ready: boolean, onRead: (chatId: string, seenBy: string[]) => void) {
  const visible = useDocumentVisible();
  const unread = !isReadBy(chat, userId);
  // Up to which message this view asked the server to mark the chat read: a message that
  // arrives while that request is in flight is newer, so it gets marked too.
  const markedUpTo = useRef<string | null>(null);
  const chatId = chat.id;
  const upTo = `${chatId}:${chat.lastMessage?.createdAt ?? ""}`;

  useEffect(() => {
    if (!ready || !visible || markedUpTo.current === upTo) return;
    // Opening a chat marks it once even when it looks read (its notification goes too).
    if (!unread && markedUpTo.current?.startsWith(`${chatId}:`)) return;
    markedUpTo.current = upTo;
    markChatRead(chatId)
      .then((seenBy) => onRead(chatId, seenBy))
      .catch(() => {
        // Logged by the API client; the chat simply stays unread.
      });
  }, [chatId, upTo, ready, visible, unread, onRead]);
}
