import type { Chat, ChatPerson } from "@vam/shared";

export type ChatFilter = "unread" | "read";

/** What the chat list calls someone: first name, else username. */
export function shortName(person: ChatPerson): string {
  return person.firstName.trim() || person.username;
}

export function fullName(person: ChatPerson): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.username;
}

/** A chat is read when the user is among those who have seen everything in it. */
export function isReadBy(chat: Chat, userId: string): boolean {
  return chat.seenBy.includes(userId);
}

export function matchesSearch(chat: Chat, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const { firstName, lastName, username } = chat.receiver;
  return [firstName, lastName, `${firstName} ${lastName}`, username].some((name) => name.toLowerCase().includes(needle));
}

/** The chat a `/chat/{id}` address means: `id` is the other person's id, or (from a notification) the chat's. */
export function chatForParam(chats: Chat[], param: string): Chat | undefined {
  return chats.find((chat) => chat.receiver.id === param) ?? chats.find((chat) => chat.id === param);
}
