import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { MSG } from "@vam/shared";
import type { Db } from "../db/client.js";
import { chats, messages, users } from "../db/schema.js";
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
