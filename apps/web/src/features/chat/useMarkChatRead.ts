import type { Chat } from "@vam/shared";
import { useEffect, useRef } from "react";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { READ_FETCHER } from "./chat-data";
import { chatData } from "./chat-routes";
import { isReadBy } from "./chat-people";
import { useDocumentVisible } from "./useDocumentVisible";

/**
 * Opening a chat marks it read, and so does a new message arriving while it is open on
 * screen (decision 0004: the one write that follows what the screen shows). `ready`: its
 * messages are shown. The answer (who has seen it) goes to the chat list.
 */
export function useMarkChatRead(chat: Chat | undefined, userId: string, ready: boolean) {
  const { submit } = useActionFetcher(undefined, { key: READ_FETCHER });
  const visible = useDocumentVisible();
  const unread = chat ? !isReadBy(chat, userId) : false;
  // Up to which message this page asked the server to mark the chat read: a message that
  // arrives while that request is in flight is newer, so it gets marked too.
  const markedUpTo = useRef<string | null>(null);
  const chatId = chat?.id;
  const upTo = `${chatId}:${chat?.lastMessage?.createdAt ?? ""}`;

  useEffect(() => {
    if (!chatId || !ready || !visible || markedUpTo.current === upTo) return;
    // Opening a chat marks it once even when it looks read (its notification goes too).
    if (!unread && markedUpTo.current?.startsWith(`${chatId}:`)) return;
    markedUpTo.current = upTo;
    void submit({}, "put", chatData.read(chatId));
  }, [chatId, upTo, ready, visible, unread, submit]);
}
