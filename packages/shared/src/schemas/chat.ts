import { z } from "zod";
import { CHAT_FILES_PER_MESSAGE, MESSAGE_MAX } from "../constants.js";
import { MSG } from "../messages.js";
import { id, instant, multiLineText, singleLineText } from "./fields.js";

const messageText = multiLineText({ error: MSG.messageEmpty }).max(MESSAGE_MAX, MSG.textTooLong("A message", MESSAGE_MAX));

/**
 * Files uploaded to the chat (`POST /chats/{id}/files`) by the sender and not sent yet, at
 * most 5, sent with the message (issue 33). With files the text may be empty.
 */
export const attachmentIdsSchema = z
  .array(id(MSG.chatFileNotYours), { error: MSG.chatFileNotYours })
  .max(CHAT_FILES_PER_MESSAGE, MSG.chatFilesTooMany(CHAT_FILES_PER_MESSAGE))
  .refine((ids) => new Set(ids).size === ids.length, MSG.chatFileNotYours)
  .default([]);

/** A message needs words or at least one file (checked defensively: an object refinement may see fields that failed). */
const wordsOrFiles = (text: unknown, attachmentIds: unknown) =>
  (typeof text === "string" && text.trim().length > 0) || (Array.isArray(attachmentIds) && attachmentIds.length > 0);

/** `POST /messages/send`: a message to a person, in the chat with them (started if needed). */
export const sendMessageSchema = z
  .object({ recipientId: id(MSG.userNotFound), message: messageText.default(""), attachmentIds: attachmentIdsSchema })
  .refine((body) => wordsOrFiles(body.message, body.attachmentIds), { message: MSG.messageEmpty, path: ["message"] });

/** `POST /messages/{chatId}`. `senderId` is accepted for the spec's client and ignored: the sender is the session's user. */
export const chatMessageSchema = z
  .object({ text: messageText.default(""), senderId: singleLineText().optional(), attachmentIds: attachmentIdsSchema })
  .refine((body) => wordsOrFiles(body.text, body.attachmentIds), { message: MSG.messageEmpty, path: ["text"] });

export const createChatSchema = z.object({ receiverId: id(MSG.userNotFound) });

/** How many messages a page of a conversation holds unless asked otherwise, and at most. */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;

/**
 * `GET /chats/{id}/messages?before=&limit=`: the messages before `before` (an `olderCursor` the
 * server wrote; without it, the latest), oldest first.
 */
export const chatMessagePageSchema = z.object({
  before: singleLineText()
    .max(200, MSG.messageCursorInvalid)
    .regex(/^[A-Za-z0-9_-]*$/, MSG.messageCursorInvalid)
    .optional()
    .transform((value) => (value ? value : undefined)),
  limit: z.coerce
    .number({ error: MSG.messagePageSizeInvalid })
    .int(MSG.messagePageSizeInvalid)
    .min(1, MSG.messagePageSizeInvalid)
    .max(CHAT_PAGE_MAX, MSG.messagePageSizeInvalid)
    .default(CHAT_PAGE_SIZE),
});
export type ChatMessagePageQuery = z.output<typeof chatMessagePageSchema>;

/** What an `olderCursor` holds: the oldest message's exact creation instant (microseconds, as stored) and its id. */
export const chatMessageCursorSchema = z.strictObject({ createdAt: instant, id: id() });
