import { z } from "zod";
import { MESSAGE_MAX } from "../constants.js";
import { MSG } from "../messages.js";
import { id, multiLineText, singleLineText } from "./fields.js";

const messageText = multiLineText({ error: MSG.messageEmpty }).min(1, MSG.messageEmpty).max(MESSAGE_MAX, MSG.textTooLong("A message", MESSAGE_MAX));

/** `POST /messages/send`: a message to a person, in the chat with them (started if needed). */
export const sendMessageSchema = z.object({ recipientId: id(MSG.userNotFound), message: messageText });

/** `POST /messages/{chatId}`. `senderId` is accepted for the spec's client and ignored: the sender is the session's user. */
export const chatMessageSchema = z.object({ text: messageText, senderId: singleLineText().optional() });

export const createChatSchema = z.object({ receiverId: id(MSG.userNotFound) });
