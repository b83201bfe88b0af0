import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { chatMessageSchema, createChatSchema, MSG, sendMessageSchema, type ChatWithMessages } from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { chats, messages, notifications, users } from "../db/schema.js";
import { badRequest, forbidden, notFound, parseWith } from "../http/errors.js";
import { pathId } from "../http/params.js";
import { unreadCount } from "../notifications/unread.js";
import { postMessage } from "./post-message.js";
import { chatOfMember, chatsOf, findChatBetween, findOrStartChat, lastMessages, otherMember, userById } from "./queries.js";
import { seenBy, toChat, toMessage } from "./serialize.js";

/** How many of the latest messages a conversation shows. */
const CONVERSATION_LENGTH = 500;

export async function chatRoutes(app: FastifyInstance) {
  async function otherUserFor(meId: string, otherId: string) {
    if (otherId === meId) throw badRequest(MSG.chatWithYourself);
    return userById(app.db, otherId);
  }

  app.get("/chats", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const rows = await chatsOf(app.db, me.id);
    const last = await lastMessages(
      app.db,
      rows.map((row) => row.chat.id),
    );
    return rows.map((row) => toChat(row.chat, row.other, last.get(row.chat.id)));
  });

  app.get<{ Params: { id: string } }>("/chats/:id", { preHandler: app.authenticate }, async (request): Promise<ChatWithMessages> => {
    const me = currentUser(request);
    const chat = await chatOfMember(app.db, pathId(request.params.id, MSG.chatNotFound), me.id);
    const other = await userById(app.db, otherMember(chat, me.id));
    const latest = await app.db
      .select({ message: messages, sender: users })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.chatId, chat.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(CONVERSATION_LENGTH);
    const list = latest.reverse().map((row) => toMessage(row.message, row.sender));
    const lastOne = latest.at(-1)?.message;
    return { ...toChat(chat, other, lastOne), messages: list };
  });

  app.post("/chats", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    const { receiverId } = parseWith(createChatSchema, request.body);
    const other = await otherUserFor(me.id, receiverId);
    const { chat, created } = await findOrStartChat(app.db, me.id, other.id);
    const last = (await lastMessages(app.db, [chat.id])).get(chat.id);
    return reply.status(created ? 201 : 200).send(toChat(chat, other, last));
  });

  app.get<{ Params: { userId: string; otherUserId: string } }>(
    "/chat/find/:userId/:otherUserId",
    { preHandler: app.authenticate },
    async (request) => {
      const me = currentUser(request);
      const ids = [pathId(request.params.userId, MSG.chatNotFound), pathId(request.params.otherUserId, MSG.chatNotFound)];
      if (!ids.includes(me.id)) throw forbidden(MSG.forbiddenNotOwner);
      const otherId = ids[0] === me.id ? ids[1]! : ids[0]!;
      const chat = await findChatBetween(app.db, me.id, otherId);
      if (!chat) throw notFound(MSG.chatNotFound);
      const last = (await lastMessages(app.db, [chat.id])).get(chat.id);
      return toChat(chat, await userById(app.db, otherId), last);
    },
  );

  // Opening a chat reads it: its messages and its MESSAGE notification.
  app.put<{ Params: { chatId: string } }>("/chats/read/:chatId", { preHandler: app.authenticate }, async (request) => {
    const me = currentUser(request);
    const chat = await chatOfMember(app.db, pathId(request.params.chatId, MSG.chatNotFound), me.id);
    const column = chat.userAId === me.id ? "userAReadAt" : "userBReadAt";
    const [updated] = await app.db
      .update(chats)
      .set({ [column]: sql`clock_timestamp()` })
      .where(eq(chats.id, chat.id))
      .returning();
    await app.db
      .update(notifications)
      .set({ read: true, updatedAt: new Date() })
      .where(and(eq(notifications.userId, me.id), eq(notifications.chatId, chat.id), eq(notifications.read, false)));
    const seen = seenBy(updated!);
    for (const member of [chat.userAId, chat.userBId]) app.realtime.toUser(member, "chatRead", { chatId: chat.id, seenBy: seen });
    app.realtime.toUser(me.id, "unreadCount", { unread: await unreadCount(app.db, me.id) });
    return { seenBy: seen };
  });

  app.post("/messages/send", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    const { recipientId, message } = parseWith(sendMessageSchema, request.body);
    const other = await otherUserFor(me.id, recipientId);
    const { chat } = await findOrStartChat(app.db, me.id, other.id);
    const posted = await postMessage(app, chat, me, message);
    return reply.status(201).send({ chatId: chat.id, message: posted });
  });

  app.post<{ Params: { chatId: string } }>("/messages/:chatId", { preHandler: app.authenticate }, async (request, reply) => {
    const me = currentUser(request);
    const chat = await chatOfMember(app.db, pathId(request.params.chatId, MSG.chatNotFound), me.id);
    const { text } = parseWith(chatMessageSchema, request.body);
    return reply.status(201).send(await postMessage(app, chat, me, text));
  });
}
