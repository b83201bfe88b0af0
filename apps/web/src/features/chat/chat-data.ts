import { MSG, chatMessageSchema, sendMessageSchema, type ChatMessage, type ChatMessagePage } from "@vam/shared";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody, parseBody } from "../../lib/json-body";
import type { Result } from "../../lib/result";
import { fetchOlderMessages, markChatRead, postChatMessage, sendMessageTo } from "./chat-api";
import { sendErrorText } from "./send-error";

/** The fetchers the chat page shares between the conversation, its list and the read mark (by key). */
export const SEND_FETCHER = "chat-send";
export const READ_FETCHER = "chat-read";

/** What the chat page's action answers a send: which chat and which temporary message it was about. */
export type SendAnswer = ActionResult<ChatMessage> & { chatId: string; tempId: string };
export type ReadAnswer = ActionResult<{ chatId: string; seenBy: string[] }>;

/** An earlier page of a conversation, with the cursor it was asked for (the conversation takes in only the page that follows what it shows). */
export type OlderAnswer = Result<ChatMessagePage & { before: string }>;

/** `CHAT_OLDER_PATH` (lib/data-routes.ts; addresses in chat-routes.ts, `?before=`): the messages before the cursor. */
export function olderMessagesLoader({ params, request }: LoaderFunctionArgs): Promise<OlderAnswer> {
  const before = new URL(request.url).searchParams.get("before") ?? "";
  return attempt(async () => ({ ...(await fetchOlderMessages(params.chatId ?? "", before)), before }), MSG.olderMessagesFailed);
}

/** `/chat/...`'s action: sends a message to the open chat; a refusal is a toast and comes back to the composer. */
export async function sendMessageAction({ request }: ActionFunctionArgs): Promise<SendAnswer> {
  // The envelope first: a refused message still names the temporary one it was about.
  const envelope = await jsonBody(request, z.looseObject({ chatId: z.string(), tempId: z.string() }));
  if (!envelope.ok) {
    toast.error(envelope.message);
    return { ...envelope, chatId: "", tempId: "" };
  }
  const { chatId, tempId } = envelope.data;
  const body = parseBody(envelope.data, chatMessageSchema);
  if (!body.ok) {
    toast.error(body.message);
    return { ...body, chatId, tempId };
  }
  const { text, attachmentIds } = body.data;
  try {
    return { ok: true, data: await postChatMessage(chatId, text, attachmentIds), chatId, tempId };
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
  const body = await jsonBody(request, sendMessageSchema);
  if (!body.ok) return body;
  const { recipientId, message } = body.data;
  try {
    await sendMessageTo(recipientId, message);
  } catch (error) {
    return { ok: false, status: 0, message: sendErrorText(error) };
  }
  return redirect(`/chat/${recipientId}`);
}
