import { z } from "zod";
import { MESSAGE_MAX } from "../constants.js";
import { MSG } from "../messages.js";
import { id, instant, multiLineText, singleLineText } from "./fields.js";

const messageText = multiLineText({ error: MSG.messageEmpty }).min(1, MSG.messageEmpty).max(MESSAGE_MAX, MSG.textTooLong("A message", MESSAGE_MAX));

/** `POST /messages/send`: a message to a person, in the chat with them (started if needed). */
export const sendMessageSchema = z.object({ recipientId: id(MSG.userNotFound), message: messageText });

/** `POST /messages/{chatId}`. `senderId` is accepted for the spec's client and ignored: the sender is the session's user. */
export const chatMessageSchema = z.object({ text: messageText, senderId: singleLineText().optional() });

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
