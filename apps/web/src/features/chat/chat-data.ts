import { MSG, type ChatMessage, type ChatMessagePage } from "@vam/shared";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { attempt, jsonBody, type ActionResult } from "../../lib/actions";
import type { Result } from "../../lib/result";
import { fetchOlderMessages, markChatRead, postChatMessage, sendMessageTo } from "./chat-api";
import { sendErrorText } from "./send-error";

/** The fetchers the chat page shares between the conversation, its list and the read mark (by key). */
export const SEND_FETCHER = "chat-send";
export const READ_FETCHER = "chat-read";

export const chatData = {
  /** Marks a chat read (PUT). */
  read: (chatId: string) => `/data/chat/read/${encodeURIComponent(chatId)}`,
  /** A first message to someone, then their chat (POST). */
  sendTo: "/data/chat/send-to",
  /** The messages of a chat before `before` (its `olderCursor`), loaded by the conversation as the reader scrolls back. */
  older: (chatId: string, before: string) => `/data/chat/older/${encodeURIComponent(chatId)}?${new URLSearchParams({ before }).toString()}`,
};

/** What the chat page's action answers a send: which chat and which temporary message it was about. */
export type SendAnswer = ActionResult<ChatMessage> & { chatId: string; tempId: string };
export type ReadAnswer = ActionResult<{ chatId: string; seenBy: string[] }>;

/** An earlier page of a conversation, with the cursor it was asked for (the conversation takes in only the page that follows what it shows). */
export type OlderAnswer = Result<ChatMessagePage & { before: string }>;

/** `/data/chat/older/:chatId?before=`: the messages before the cursor. */
export function olderMessagesLoader({ params, request }: LoaderFunctionArgs): Promise<OlderAnswer> {
  const before = new URL(request.url).searchParams.get("before") ?? "";
  return attempt(async () => ({ ...(await fetchOlderMessages(params.chatId ?? "", before)), before }), MSG.olderMessagesFailed);
}

/** `/chat/...`'s action: sends a message to the open chat; a refusal is a toast and comes back to the composer. */
export async function sendMessageAction({ request }: ActionFunctionArgs): Promise<SendAnswer> {
  const { chatId, text, tempId, attachmentIds } = await jsonBody<{ chatId: string; text: string; tempId: string; attachmentIds?: string[] }>(request);
  try {
    return { ok: true, data: await postChatMessage(chatId, text, attachmentIds ?? []), chatId, tempId };
  } catch (error) {
    const message = sendErrorText(error);
    toast.error(message);
    return { ok: false, status: 0, message, chatId, tempId };
  }
}

/** Marks the chat read; answers who has now seen it. */
export async function markReadAction({ params }: ActionFunctionArgs): Promise<ReadAnswer> {
  const chatId = params.chatId ?? "";
  return attempt(async () => ({ chatId, seenBy: await markChatRead(chatId) }), "");
}

/** The message dialog's send: the first words to someone, then their chat. */
export async function sendToAction({ request }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const { recipientId, message } = await jsonBody<{ recipientId: string; message: string }>(request);
  try {
    await sendMessageTo(recipientId, message);
  } catch (error) {
    return { ok: false, status: 0, message: sendErrorText(error) };
  }
  return redirect(`/chat/${recipientId}`);
}
