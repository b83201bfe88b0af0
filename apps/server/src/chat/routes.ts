import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chatMessageSchema,
  chatMessageViewSchema,
  chatViewSchema,
  chatWithMessagesSchema,
  createChatSchema,
  MSG,
  sendMessageSchema,
  type ChatWithMessages,
} from "@vam/shared";
import { currentUser } from "../auth/authenticate.js";
import { chats, messages, notifications, users } from "../db/schema.js";
import { bearer, errorResponses, idParams, loadedFirst, pathIdParam } from "../http/contracts.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { unreadCount } from "../notifications/unread.js";
import { postMessage } from "./post-message.js";
import { chatOfMember, chatsOf, findChatBetween, findOrStartChat, lastMessages, otherMember, userById } from "./queries.js";
import { seenBy, toChat, toMessage } from "./serialize.js";

/** How many of the latest messages a conversation shows. */
const CONVERSATION_LENGTH = 500;

const tags = ["chat"];
const chatParam = pathIdParam(MSG.chatNotFound);
const contract = <T extends object>(summary: string, parts: T) => ({ tags, summary, security: bearer, ...parts });

export async function chatRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  async function otherUserFor(meId: string, otherId: string) {
    if (otherId === meId) throw badRequest(MSG.chatWithYourself);
    return userById(app.db, otherId);
  }

  const listContract = contract("One's chats", { response: { 200: z.array(chatViewSchema), ...errorResponses } });
  app.get("/chats", { ...auth, schema: listContract }, async (request) => {
    const me = currentUser(request);
    const rows = await chatsOf(app.db, me.id);
    const last = await lastMessages(
      app.db,
      rows.map((row) => row.chat.id),
    );
    return rows.map((row) => toChat(row.chat, row.other, last.get(row.chat.id)));
  });

  const readContract = contract("A chat with its latest messages", {
    params: idParams(MSG.chatNotFound),
    response: { 200: chatWithMessagesSchema, ...errorResponses },
  });
  app.get("/chats/:id", { ...auth, schema: readContract }, async (request): Promise<ChatWithMessages> => {
    const me = currentUser(request);
    const chat = await chatOfMember(app.db, request.params.id, me.id);
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

  const startContract = contract("Open the chat with someone (started if needed: 201)", {
    body: createChatSchema,
    response: { 200: chatViewSchema, 201: chatViewSchema, ...errorResponses },
  });
  app.post("/chats", { ...auth, schema: startContract }, async (request, reply) => {
    const me = currentUser(request);
    const { receiverId } = request.body;
    const other = await otherUserFor(me.id, receiverId);
    // A deleted account's existing chat still opens; nobody starts a new one with it.
    if (other.deletedAt && !(await findChatBetween(app.db, me.id, other.id))) throw notFound(MSG.userNotFound);
    const { chat, created } = await findOrStartChat(app.db, me.id, other.id);
    const last = (await lastMessages(app.db, [chat.id])).get(chat.id);
    return reply.status(created ? 201 : 200).send(toChat(chat, other, last));
  });

  const findContract = contract("The chat between two users, one of them oneself", {
    params: z.object({ userId: chatParam, otherUserId: chatParam }),
    response: { 200: chatViewSchema, ...errorResponses },
  });
  app.get("/chat/find/:userId/:otherUserId", { ...auth, schema: findContract }, async (request) => {
    const me = currentUser(request);
    const ids = [request.params.userId, request.params.otherUserId];
    if (!ids.includes(me.id)) throw forbidden(MSG.forbiddenNotOwner);
    const otherId = ids[0] === me.id ? ids[1]! : ids[0]!;
    const chat = await findChatBetween(app.db, me.id, otherId);
    if (!chat) throw notFound(MSG.chatNotFound);
    const last = (await lastMessages(app.db, [chat.id])).get(chat.id);
    return toChat(chat, await userById(app.db, otherId), last);
  });

  // Opening a chat reads it: its messages and its MESSAGE notification.
  const markContract = contract("Mark a chat read", {
    params: z.object({ chatId: chatParam }),
    response: { 200: z.object({ seenBy: z.array(z.string()) }), ...errorResponses },
  });
  app.put("/chats/read/:chatId", { ...auth, schema: markContract }, async (request) => {
    const me = currentUser(request);
    const chat = await chatOfMember(app.db, request.params.chatId, me.id);
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

  const sendContract = contract("Message someone (in the chat with them, started if needed)", {
    body: sendMessageSchema,
    response: { 201: z.object({ chatId: z.string(), message: chatMessageViewSchema }), ...errorResponses },
  });
  app.post("/messages/send", { ...auth, schema: sendContract }, async (request, reply) => {
    const me = currentUser(request);
    const { recipientId, message } = request.body;
    const other = await otherUserFor(me.id, recipientId);
    if (other.deletedAt) throw conflict(MSG.recipientDeleted);
    const { chat } = await findOrStartChat(app.db, me.id, other.id);
    const posted = await postMessage(app, chat, me, message);
    return reply.status(201).send({ chatId: chat.id, message: posted });
  });

  const postContract = contract("Write in a chat", {
    params: z.object({ chatId: chatParam }),
    body: chatMessageSchema,
    response: { 201: chatMessageViewSchema, ...errorResponses },
  });
  const memberChat = loadedFirst(({ chatId }: { chatId: string }, request) => chatOfMember(app.db, chatId, currentUser(request).id));
  app.post("/messages/:chatId", { preValidation: [app.authenticate, memberChat.hook], schema: postContract }, async (request, reply) => {
    const me = currentUser(request);
    const chat = memberChat.get(request);
    const { text } = request.body;
    return reply.status(201).send(await postMessage(app, chat, me, text));
  });
}
