import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { chatFiles, chats, platformSettings, users } from "../db/schema.js";

/** Every database access of files in chat (decision 0025). */

export type ChatFileRow = typeof chatFiles.$inferSelect;
export type NewChatFile = typeof chatFiles.$inferInsert;

export async function insertChatFile(db: Db, file: NewChatFile): Promise<ChatFileRow> {
  const [row] = await db.insert(chatFiles).values(file).returning();
  return row!;
}

export async function chatFileById(db: Db, id: string): Promise<ChatFileRow | undefined> {
  const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, id));
  return row;
}

/** True when `userId` is a member of the chat and their account is not deleted. */
export async function isLiveMember(db: Db, chatId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .innerJoin(users, eq(users.id, userId))
    .where(and(eq(chats.id, chatId), or(eq(chats.userAId, userId), eq(chats.userBId, userId)), isNull(users.deletedAt)));
  return Boolean(row);
}

/**
 * Inside the message's transaction: attaches the sender's unsent files of this chat to the
 * message, in the order given. Answers the rows attached; fewer than asked means some were not
 * the sender's, not in this chat or already sent (the caller refuses, rolling back). The
 * `message_id is null` condition re-checked under the row lock sends a file once, even from two
 * tabs at once.
 */
export async function attachFiles(tx: Db, chatId: string, senderId: string, messageId: string, ids: readonly string[]): Promise<ChatFileRow[]> {
  if (ids.length === 0) return [];
  // The ids are checked UUIDs (the request schema), passed as one array literal.
  const position = sql`array_position(${`{${ids.join(",")}}`}::uuid[], ${chatFiles.id}) - 1`;
  const rows = await tx
    .update(chatFiles)
    .set({ messageId, position })
    .where(and(inArray(chatFiles.id, [...ids]), eq(chatFiles.chatId, chatId), eq(chatFiles.uploaderId, senderId), isNull(chatFiles.messageId)))
    .returning();
  return rows.sort((a, b) => a.position - b.position);
}

/** The files of these messages, by message id, in the order sent. */
export async function filesOfMessages(db: Db, messageIds: readonly string[]): Promise<Map<string, ChatFileRow[]>> {
  const byMessage = new Map<string, ChatFileRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(chatFiles)
    .where(inArray(chatFiles.messageId, [...messageIds]))
    .orderBy(asc(chatFiles.position), asc(chatFiles.createdAt));
  for (const row of rows) byMessage.set(row.messageId!, [...(byMessage.get(row.messageId!) ?? []), row]);
  return byMessage;
}

/** The files `uploaderId` uploaded (sent or not). */
export async function filesUploadedBy(db: Db, uploaderId: string): Promise<ChatFileRow[]> {
  return db.select().from(chatFiles).where(eq(chatFiles.uploaderId, uploaderId));
}

/** Files to remove by the sweep: unsent ones uploaded before `unsentBefore`, and any of a deleted account. */
export async function staleChatFiles(db: Db, unsentBefore: Date, limit: number): Promise<ChatFileRow[]> {
  const rows = await db
    .select({ file: chatFiles })
    .from(chatFiles)
    .innerJoin(users, eq(users.id, chatFiles.uploaderId))
    .where(or(and(isNull(chatFiles.messageId), lt(chatFiles.createdAt, unsentBefore)), isNotNull(users.deletedAt)))
    .limit(limit);
  return rows.map((row) => row.file);
}

export async function deleteChatFileRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(chatFiles).where(inArray(chatFiles.id, [...ids]));
}

const SIGNING_KEY = "chat_files_signing_key";

/**
 * The secret that signs file URLs: made once, at random, by the first instance that needs it and
 * kept in the database, so that every instance signs and checks alike.
 */
export async function signingSecret(db: Db, fresh: string): Promise<string> {
  await db.insert(platformSettings).values({ key: SIGNING_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, SIGNING_KEY));
  return row!.value as string;
}
