import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MSG } from "@vam/shared";
import type { Db } from "../db/client.js";
import { chats, messages, notifications, users } from "../db/schema.js";
import { notFound } from "../http/errors.js";
import type { ChatRow, LastMessage } from "./serialize.js";

/** The stored order of a pair: the smaller id is user A. */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export const otherMember = (chat: ChatRow, userId: string) => (chat.userAId === userId ? chat.userBId : chat.userAId);

export async function findChatBetween(db: Db, a: string, b: string) {
  const [userAId, userBId] = orderedPair(a, b);
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.userAId, userAId), eq(chats.userBId, userBId)));
  return chat;
}

/** The chat of two users, started if they have none; `created` tells which. */
export async function findOrStartChat(db: Db, a: string, b: string) {
  const [userAId, userBId] = orderedPair(a, b);
  const [created] = await db.insert(chats).values({ userAId, userBId }).onConflictDoNothing().returning();
  if (created) return { chat: created, created: true };
  return { chat: (await findChatBetween(db, a, b))!, created: false };
}

/** A chat the user belongs to; anyone else is told it does not exist. */
export async function chatOfMember(db: Db, chatId: string, userId: string) {
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), or(eq(chats.userAId, userId), eq(chats.userBId, userId))));
  if (!chat) throw notFound(MSG.chatNotFound);
  return chat;
}

export async function userById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(MSG.userNotFound);
  return user;
}

export async function chatsOf(db: Db, userId: string) {
  return db
    .select({ chat: chats, other: users })
    .from(chats)
    .innerJoin(users, sql`${users.id} = case when ${chats.userAId} = ${userId} then ${chats.userBId} else ${chats.userAId} end`)
    .where(or(eq(chats.userAId, userId), eq(chats.userBId, userId)))
    .orderBy(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt}) desc`);
}

/** The last message of each chat, by chat id. */
export async function lastMessages(db: Db, chatIds: string[]): Promise<Map<string, LastMessage>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.chatId], { chatId: messages.chatId, text: messages.text, senderId: messages.senderId, createdAt: messages.createdAt })
    .from(messages)
    .where(inArray(messages.chatId, chatIds))
    .orderBy(messages.chatId, desc(messages.createdAt), desc(messages.id));
  return new Map(rows.map((row) => [row.chatId, row]));
}

/** A message's creation instant exactly as stored (microseconds, UTC), so that a cursor finds its place again. */
const exactCreatedAt = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A place in a chat's messages: strictly before this creation instant and id (keyset order). */
export interface MessageCursor {
  createdAt: string;
  id: string;
}

/**
 * The latest `limit` messages of a chat before `before` (the latest of all without it), in
 * keyset order (creation instant, then id): oldest first, with their senders; `hasOlder` tells
 * whether any message comes before them. Messages written meanwhile come after the cursor, so
 * paging back neither skips nor repeats one.
 */
export async function messagesBefore(db: Db, chatId: string, before: MessageCursor | undefined, limit: number) {
  const rows = await db
    .select({ message: messages, sender: users, exactAt: exactCreatedAt })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.chatId, chatId),
        before ? sql`(${messages.createdAt}, ${messages.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

const later = alias(messages, "later");

/**
 * The first message the reader has not read: the oldest from the other member written after the
 * reader's read mark (compared in the database, to the microsecond), and how many messages there
 * are from it to the latest (itself included).
 */
export async function firstUnread(db: Db, chat: ChatRow, readerId: string): Promise<{ id: string; fromIt: number } | undefined> {
  const readAt = chat.userAId === readerId ? chats.userAReadAt : chats.userBReadAt;
  const [first] = await db
    .select({
      id: messages.id,
      fromIt: sql<number>`(select count(*)::int from ${messages} ${later} where ${later.chatId} = ${messages.chatId} and (${later.createdAt}, ${later.id}) >= (${messages.createdAt}, ${messages.id}))`,
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(and(eq(messages.chatId, chat.id), ne(messages.senderId, readerId), or(isNull(readAt), sql`${messages.createdAt} > ${readAt}`)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(1);
  return first;
}

/** Moves the reader's read mark of the chat to now; answers the chat as it is now. */
export async function markChatRead(db: Db, chat: ChatRow, readerId: string): Promise<ChatRow | undefined> {
  const column = chat.userAId === readerId ? "userAReadAt" : "userBReadAt";
  const [updated] = await db
    .update(chats)
    .set({ [column]: sql`clock_timestamp()` })
    .where(eq(chats.id, chat.id))
    .returning();
  return updated;
}

/** Marks the user's unread notifications about the chat read. */
export async function markChatNotificationsRead(db: Db, userId: string, chatId: string) {
  await db
    .update(notifications)
    .set({ read: true, updatedAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.chatId, chatId), eq(notifications.read, false)));
}
