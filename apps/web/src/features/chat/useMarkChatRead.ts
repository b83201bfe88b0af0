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
  const marked = useRef(false);
  const chatId = chat.id;

  useEffect(() => {
    if (!ready || !visible || (marked.current && !unread)) return;
    marked.current = true;
    markChatRead(chatId)
      .then((seenBy) => onRead(chatId, seenBy))
      .catch(() => {
        // Logged by the API client; the chat simply stays unread.
      });
  }, [chatId, ready, visible, unread, onRead]);
}
