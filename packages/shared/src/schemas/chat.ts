import { z } from "zod";
import { MSG } from "../messages.js";

export const MESSAGE_MAX = 2000;

const messageText = z
  .string({ error: MSG.messageEmpty })
  .trim()
  .min(1, MSG.messageEmpty)
  .max(MESSAGE_MAX, MSG.textTooLong("A message", MESSAGE_MAX));

/** `POST /messages/send`: a message to a person, in the chat with them (started if needed). */
export const sendMessageSchema = z.object({ recipientId: z.uuid(MSG.userNotFound), message: messageText });

/** `POST /messages/{chatId}`. `senderId` is accepted for the spec's client and ignored: the sender is the session's user. */
export const chatMessageSchema = z.object({ text: messageText, senderId: z.string().optional() });

export const createChatSchema = z.object({ receiverId: z.uuid(MSG.userNotFound) });
