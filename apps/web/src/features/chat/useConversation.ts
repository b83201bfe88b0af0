import type { Chat, ChatAttachment, ChatMessage } from "@vam/shared";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAuth } from "../auth/public";
import { useRealtimeEvent } from "../realtime/public";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { SEND_FETCHER, type OlderAnswer, type SendAnswer } from "./chat-data";
import { chatData } from "./chat-routes";
import { confirmSent, dropMessage, mergeIncoming, prependOlder, withFreshCopy, type ShownMessage } from "./message-merge";

let tempIds = 0;

interface Conversation {
  /** null when they could not be loaded. */
  messages: ShownMessage[] | null;
  /** Shows the message at once and sends it (the page's action), with the files uploaded for it. */
  send: (text: string, attachments?: ChatAttachment[]) => void;
  /** The last message that could not be sent, for the composer to offer again. */
  unsent: { id: string; text: string } | null;
  older: OlderMessages;
}

/** Paging back through the conversation. */
export interface OlderMessages {
  /** Earlier messages remain to be loaded. */
  more: boolean;
  loading: boolean;
  /** Why the last earlier page could not be loaded (null: it could). */
  failed: string | null;
  /** Loads the page before the oldest message shown (nothing while one is on its way, or at the beginning). */
  load: () => void;
}

interface Live {
  source: ChatMessage[] | null;
  messages: ShownMessage[] | null;
  /** The cursor to the messages before the oldest shown; null once the conversation's beginning is shown. */
  olderCursor: string | null;
  /** The send answer already taken in. */
  taken: SendAnswer | undefined;
  /** The earlier page already taken in. */
  takenOlder: OlderAnswer | undefined;
  olderFailed: string | null;
  unsent: Conversation["unsent"];
}

/**
 * The messages of one chat as the page's loader read them, kept live from the socket and sent
 * optimistically through the page's action (one after another, each answer replacing its
 * temporary copy); when the loader runs again (a reconnect) its copy wins, keeping what is still
 * on its way and the earlier pages it joins on to. Earlier pages come through a data route as the
 * reader scrolls back (`older.load`), each put before what is shown: a page is taken in only when
 * it follows the oldest message shown (its cursor is the one asked for), so live messages arriving
 * meanwhile, or a fresh copy, never leave a gap nor show a message twice.
 */
export function useConversation(chat: Chat, loaded: ChatMessage[] | null, loadedCursor: string | null = null): Conversation {
  const { user } = useAuth();
  const chatId = chat.id;
  const sender = useActionFetcher<ChatMessage>(undefined, { key: SEND_FETCHER });
  // The chat page's action answers a send with the chat and the temporary message it was about.
  const sent = sender.result as SendAnswer | undefined;
  const earlier = useFetcher<OlderAnswer>();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [live, setLive] = useState<Live>({
    source: loaded,
    messages: loaded,
    olderCursor: loadedCursor,
    taken: sent,
    takenOlder: undefined,
    olderFailed: null,
    unsent: null,
  });
  let current = live;
  if (current.source !== loaded) {
    const fresh = loaded && withFreshCopy(loaded, current.messages ?? []);
    current = { ...current, source: loaded, messages: fresh?.messages ?? null, olderCursor: fresh?.keptOlder ? current.olderCursor : loadedCursor };
  }
  const page = earlier.state === "idle" ? earlier.data : undefined;
  if (page && page !== current.takenOlder) {
    current = { ...current, takenOlder: page };
    if (!page.ok) current = { ...current, olderFailed: page.message };
    else if (current.messages && page.data.before === current.olderCursor) {
      current = { ...current, messages: prependOlder(current.messages, page.data.messages), olderCursor: page.data.olderCursor, olderFailed: null };
    }
  }
  const answer = sent;
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

  const send = (text: string, attachments: ChatAttachment[] = []) => {
    if (!user) return;
    const temp: ShownMessage = {
      id: `temp-${++tempIds}`,
      chatId,
      text,
      attachments,
      userId: user.id,
      createdAt: new Date().toISOString(),
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, avatar: user.avatar },
      pending: true,
    };
    setMessages((messages) => [...(messages ?? []), temp]);
    // One send at a time through the one fetcher: a second submit would supersede the first's answer.
    const body = { chatId, text, tempId: temp.id, attachmentIds: attachments.map((file) => file.id) };
    queue.current = queue.current.then(() => sender.submit(body));
  };

  const loadingOlder = earlier.state !== "idle";
  const cursor = current.olderCursor;
  const loadOlder = () => {
    if (loadingOlder || !cursor || !current.messages) return;
    setLive((state) => ({ ...state, olderFailed: null }));
    void earlier.load(chatData.older(chatId, cursor));
  };

  return {
    messages: current.messages,
    send,
    unsent: current.unsent,
    older: { more: cursor !== null, loading: loadingOlder, failed: current.olderFailed, load: loadOlder },
  };
}
