import type { ChatMessage } from "@vam/shared";

/** A message as the conversation shows it: `pending` while only this tab knows it (a temporary id). */
export type ShownMessage = ChatMessage & { pending?: boolean };

const has = (messages: ShownMessage[], id: string) => messages.some((message) => message.id === id);
const filesOf = (message: ChatMessage) => message.attachments.map((file) => file.id).join(" ");

/**
 * A message pushed by the server. Already shown (same server id): nothing. The echo of one of
 * our own pending messages: it takes that message's place. Otherwise it is appended.
 */
export function mergeIncoming(messages: ShownMessage[], incoming: ChatMessage): ShownMessage[] {
  if (has(messages, incoming.id)) return messages;
  const echoOf = messages.findIndex(
    (message) => message.pending && message.userId === incoming.userId && message.text === incoming.text && filesOf(message) === filesOf(incoming),
  );
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

/**
 * A fresh copy from the server, keeping what it could not hold: what is still on its way, and
 * what was sent or arrived after the copy was read (not in it, and no older than its newest
 * message). Messages are never deleted, so a message missing from the copy is one newer than it:
 * a send confirmed, or a live message taken in, while the copy was on its way stays shown.
 */
export function withNewer(server: ChatMessage[], current: ShownMessage[]): ShownMessage[] {
  const inCopy = new Set(server.map((message) => message.id));
  const newest = server.length > 0 ? Date.parse(server[server.length - 1]!.createdAt) : -Infinity;
  const newer = current.filter((message) => message.pending || (!inCopy.has(message.id) && Date.parse(message.createdAt) >= newest));
  return [...server, ...newer];
}

/**
 * An earlier page (the messages before the oldest shown, oldest first) put before what is shown.
 * A message already shown is not repeated; the list is unchanged when the page adds nothing.
 */
export function prependOlder(messages: ShownMessage[], older: ChatMessage[]): ShownMessage[] {
  const shown = new Set(messages.map((message) => message.id));
  const fresh = older.filter((message) => !shown.has(message.id));
  return fresh.length === 0 ? messages : [...fresh, ...messages];
}

/**
 * A fresh copy of the latest messages (the page's loader ran again: a reconnect). The earlier pages
 * read back stay before it when the copy joins on to them (its first message is shown): nothing
 * between them is missing. When it does not (more was written meanwhile than the copy holds),
 * only the copy is shown, and paging back starts again from it: never a gap. What is still on its
 * way, and what came after the copy was read, stays at the end (`withNewer`). `keptOlder`: the earlier pages stayed (the cursor to what precedes them still holds).
 */
export function withFreshCopy(server: ChatMessage[], current: ShownMessage[]): { messages: ShownMessage[]; keptOlder: boolean } {
  const first = server[0];
  const at = first ? current.findIndex((message) => message.id === first.id) : -1;
  const older = at > 0 ? current.slice(0, at).filter((message) => !message.pending) : [];
  // What `older` keeps is not looked at again (a message of the same millisecond as the copy's newest would show twice).
  const rest = at > 0 ? current.filter((message, index) => index >= at || message.pending) : current;
  return { messages: [...older, ...withNewer(server, rest)], keptOlder: older.length > 0 };
}
