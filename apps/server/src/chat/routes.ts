import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CHAT_PAGE_SIZE,
  chatMessageCursorSchema,
  chatMessagePageSchema,
  chatMessagePageViewSchema,
  chatMessageSchema,
  chatMessageViewSchema,
  chatViewSchema,
  chatWithMessagesSchema,
  createChatSchema,
  MSG,
  sendMessageSchema,
  type ChatMessagePage,
  type ChatWithMessages,
} from "@vam/shared";
import { currentUser, type UserRow } from "../session/authenticate.js";
import { decodeCursor } from "../http/cursor.js";
import { bearer, errorResponses, idParams, loadedFirst, pathIdParam } from "../http/contracts.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { unreadCount } from "../notifications/public.js";
import { chatFileRoutes } from "./files-routes.js";
import { attachmentSigner } from "./files.js";
import { filesOfMessages } from "./files-repository.js";
import { postMessage } from "./post-message.js";
import {
  chatOfMember,
  chatsOf,
  findChatBetween,
  findOrStartChat,
  firstUnread,
  lastMessages,
  markChatNotificationsRead,
  markChatRead,
  messagesBefore,
  otherMember,
  userById,
  type MessageCursor,
} from "./queries.js";
import { olderCursor, seenBy, toChat, toMessage, type MessageRow } from "./serialize.js";

/** The most messages a conversation opens with (the reader's unread ones and a few before them); earlier ones come by page. */
const CONVERSATION_LENGTH = 500;
/** How many read messages a conversation opens with before the first unread one. */
const READ_BEFORE_UNREAD = 10;

/** A `before` cursor as the server wrote it, or the 400 that says it is not one. */
function cursorBefore(raw: string | undefined): MessageCursor | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeCursor(chatMessageCursorSchema, raw);
  } catch {
    throw badRequest(MSG.messageCursorInvalid, "before");
  }
}

const tags = ["chat"];
const chatParam = pathIdParam(MSG.chatNotFound);
const contract = <T extends object>(summary: string, parts: T) => ({ tags, summary, security: bearer, ...parts });

export async function chatRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  /** Message views for `readerId`: each with its files, their URLs signed for that reader. */
  async function messageViews(rows: { message: MessageRow; sender: UserRow }[], readerId: string) {
    const files = await filesOfMessages(
      app.db,
      rows.map((row) => row.message.id),
    );
    const sign = await attachmentSigner(app, readerId);
    return rows.map((row) => toMessage(row.message, row.sender, (files.get(row.message.id) ?? []).map(sign)));
  }
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
    // The latest page, or more: back to the reader's first unread message and a few read ones before it.
    const unread = await firstUnread(app.db, chat, me.id);
    const length = Math.min(CONVERSATION_LENGTH, Math.max(CHAT_PAGE_SIZE, (unread?.fromIt ?? 0) + READ_BEFORE_UNREAD));
    const page = await messagesBefore(app.db, chat.id, undefined, length);
    const list = await messageViews(page.rows, me.id);
    const lastOne = page.rows.at(-1)?.message;
    return { ...toChat(chat, other, lastOne), messages: list, olderCursor: olderCursor(page), firstUnreadId: unread?.id ?? null };
  });

  const pageContract = contract("Earlier messages of a chat, a page at a time (before a cursor), oldest first", {
    params: idParams(MSG.chatNotFound),
    querystring: chatMessagePageSchema,
    response: { 200: chatMessagePageViewSchema, ...errorResponses },
  });
  // Someone else's chat is not found before any 400 about the cursor or the page size.
  const readableChat = loadedFirst(({ id }: { id: string }, request) => chatOfMember(app.db, id, currentUser(request).id));
  app.get(
    "/chats/:id/messages",
    { preValidation: [app.authenticate, readableChat.hook], schema: pageContract },
    async (request): Promise<ChatMessagePage> => {
      const chat = readableChat.get(request);
      const { before, limit } = request.query;
      const page = await messagesBefore(app.db, chat.id, cursorBefore(before), limit);
      return { messages: await messageViews(page.rows, currentUser(request).id), olderCursor: olderCursor(page) };
    },
  );

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
    const updated = await markChatRead(app.db, chat, me.id);
    await markChatNotificationsRead(app.db, me.id, chat.id);
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
    const { recipientId, message, attachmentIds } = request.body;
    const other = await otherUserFor(me.id, recipientId);
    if (other.deletedAt) throw conflict(MSG.recipientDeleted);
    const { chat } = await findOrStartChat(app.db, me.id, other.id);
    const posted = await postMessage(app, chat, me, message, attachmentIds);
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
    const { text, attachmentIds } = request.body;
    return reply.status(201).send(await postMessage(app, chat, me, text, attachmentIds));
  });

  await chatFileRoutes(app);
}
