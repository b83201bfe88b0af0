import type { ChatMessage } from "@vam/shared";

/** A message as the conversation shows it: `pending` while only this tab knows it (a temporary id). */
export type ShownMessage = ChatMessage & { pending?: boolean };

const has = (messages: ShownMessage[], id: string) => messages.some((message) => message.id === id);

/**
 * A message pushed by the server. Already shown (same server id): nothing. The echo of one of
 * our own pending messages: it takes that message's place. Otherwise it is appended.
 */
export function mergeIncoming(messages: ShownMessage[], incoming: ChatMessage): ShownMessage[] {
  if (has(messages, incoming.id)) return messages;
  const echoOf = messages.findIndex((message) => message.pending && message.userId === incoming.userId && message.text === incoming.text);
  if (echoOf === -1) return [...messages, incoming];
  return messages.map((message, index) => (index === echoOf ? incoming : message));
}

/** The server's answer to our send: it replaces the temporary copy, unless its echo got there first. */
export function confirmSent(messages: ShownMessage[], tempId: string, sent: ChatMessage): ShownMessage[] {
  if (has(messages, sent.id)) return messages.filter((message) => message.id !== tempId);
  if (!has(messages, tempId)) return [...messages, sent];
  return messages.map((message) => (message.id === tempId ? sent : message));
}

export function dropMessage(messages: ShownMessage[], id: string): ShownMessage[] {
  return messages.filter((message) => message.id !== id);
}

/** A fresh copy from the server, keeping what is still on its way. */
export function withPending(server: ChatMessage[], current: ShownMessage[]): ShownMessage[] {
  return [...server, ...current.filter((message) => message.pending)];
}
