import type { Chat } from "@vam/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useAuth } from "../auth/auth-context";
import { useRealtimeConnect, useRealtimeEvent } from "../realtime/realtime-context";
import { fetchChat, postChatMessage } from "./chat-api";
import { confirmSent, dropMessage, mergeIncoming, withPending, type ShownMessage } from "./message-merge";
import { sendErrorText } from "./send-error";

let tempIds = 0;

interface Conversation {
  /** null while loading (or when loading failed). */
  messages: ShownMessage[] | null;
  failed: boolean;
  /** Shows the message at once and sends it; false when it could not be sent. */
  send: (text: string) => Promise<boolean>;
}

/** The messages of one chat: loaded, kept live, re-fetched on reconnect, sent optimistically. */
export function useConversation(chat: Chat, onSent: (chatId: string, lastMessage: NonNullable<Chat["lastMessage"]>) => void): Conversation {
  const { user } = useAuth();
  const chatId = chat.id;
  const [messages, setMessages] = useState<ShownMessage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const latestRequest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const fresh = await fetchChat(chatId);
      if (request !== latestRequest.current) return;
      setMessages((current) => withPending(fresh.messages, current ?? []));
      setFailed(false);
    } catch {
      if (request === latestRequest.current) setFailed(true);
    }
  }, [chatId]);

  useEffect(() => {
    void load();
  }, [load]);

  useRealtimeEvent("newMessage", ({ chat: changed, message }) => {
    if (changed.id === chatId) setMessages((current) => current && mergeIncoming(current, message));
  });
  useRealtimeConnect(() => void load());

  const send = async (text: string) => {
    if (!user) return false;
    const temp: ShownMessage = {
      id: `temp-${++tempIds}`,
      chatId,
      text,
      userId: user.id,
      createdAt: new Date().toISOString(),
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, avatar: user.avatar },
      pending: true,
    };
    setMessages((current) => [...(current ?? []), temp]);
    try {
      const sent = await postChatMessage(chatId, text);
      setMessages((current) => confirmSent(current ?? [], temp.id, sent));
      onSent(chatId, { text: sent.text, userId: sent.userId, createdAt: sent.createdAt });
      return true;
    } catch (error) {
      setMessages((current) => current && dropMessage(current, temp.id));
      toast.error(sendErrorText(error));
      return false;
    }
  };

  return { messages, failed: failed && messages === null, send };
}
