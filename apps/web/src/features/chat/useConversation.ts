import type { Chat, ChatMessage } from "@vam/shared";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAuth } from "../auth/public";
import { useRealtimeEvent } from "../realtime/public";
import { SEND_FETCHER, type SendAnswer } from "./chat-data";
import { confirmSent, dropMessage, mergeIncoming, withPending, type ShownMessage } from "./message-merge";

let tempIds = 0;

interface Conversation {
  /** null when they could not be loaded. */
  messages: ShownMessage[] | null;
  /** Shows the message at once and sends it (the page's action). */
  send: (text: string) => void;
  /** The last message that could not be sent, for the composer to offer again. */
  unsent: { id: string; text: string } | null;
}

interface Live {
  source: ChatMessage[] | null;
  messages: ShownMessage[] | null;
  /** The send answer already taken in. */
  taken: SendAnswer | undefined;
  unsent: Conversation["unsent"];
}

/**
 * The messages of one chat as the page's loader read them, kept live from the socket and sent
 * optimistically through the page's action (one after another, each answer replacing its
 * temporary copy); when the loader runs again (a reconnect) its copy wins, keeping what is still
 * on its way.
 */
export function useConversation(chat: Chat, loaded: ChatMessage[] | null): Conversation {
  const { user } = useAuth();
  const chatId = chat.id;
  const sender = useFetcher<SendAnswer>({ key: SEND_FETCHER });
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [live, setLive] = useState<Live>({ source: loaded, messages: loaded, taken: sender.data, unsent: null });
  let current = live;
  if (current.source !== loaded) current = { ...current, source: loaded, messages: loaded && withPending(loaded, current.messages ?? []) };
  const answer = sender.data;
  if (answer && answer !== current.taken) {
    current = { ...current, taken: answer };
    if (answer.chatId === chatId) {
      const messages = current.messages ?? [];
      current = answer.ok
        ? { ...current, messages: confirmSent(messages, answer.tempId, answer.data) }
        : {
            ...current,
            messages: dropMessage(messages, answer.tempId),
            unsent: { id: answer.tempId, text: messages.find((m) => m.id === answer.tempId)?.text ?? "" },
          };
    }
  }
  if (current !== live) setLive(current);

  const setMessages = (change: (messages: ShownMessage[] | null) => ShownMessage[] | null) =>
    setLive((state) => ({ ...state, messages: change(state.messages) }));

  useRealtimeEvent("newMessage", ({ chat: changed, message }) => {
    if (changed.id === chatId) setMessages((messages) => messages && mergeIncoming(messages, message));
  });

  const send = (text: string) => {
    if (!user) return;
    const temp: ShownMessage = {
      id: `temp-${++tempIds}`,
      chatId,
      text,
      userId: user.id,
      createdAt: new Date().toISOString(),
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, avatar: user.avatar },
      pending: true,
    };
    setMessages((messages) => [...(messages ?? []), temp]);
    // One send at a time through the one fetcher: a second submit would supersede the first's answer.
    const body = { chatId, text, tempId: temp.id };
    queue.current = queue.current.then(() => sender.submit(body, { method: "post", encType: "application/json" }));
  };

  return { messages: current.messages, send, unsent: current.unsent };
}
