import { MSG, type Chat, type ChatAttachment, type ChatMessage, type ChatMessagePage, type ChatWithMessages } from "@vam/shared";
import { api, toApiError } from "../../api/client";
import { ApiError, NoResponseError } from "../../api/errors";
import { readToken } from "../../api/session-storage";

const id = encodeURIComponent;

/** The signed-in user's chats, most recent activity first. */
export function fetchChats(): Promise<Chat[]> {
  return api.get<Chat[]>("/chats");
}

export function fetchChat(chatId: string): Promise<ChatWithMessages> {
  return api.get<ChatWithMessages>(`/chats/${id(chatId)}`);
}

/** The messages before `before` (a chat's `olderCursor`), oldest first. */
export function fetchOlderMessages(chatId: string, before: string): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(`/chats/${id(chatId)}/messages?${new URLSearchParams({ before }).toString()}`);
}

/** The chat with that user, started if there is none yet. */
export function openChatWith(receiverId: string): Promise<Chat> {
  return api.post<Chat>("/chats", { receiverId });
}

/** Returns the chat's new `seenBy`. */
export async function markChatRead(chatId: string): Promise<string[]> {
  return (await api.put<{ seenBy: string[] }>(`/chats/read/${id(chatId)}`)).seenBy;
}

export function postChatMessage(chatId: string, text: string, attachmentIds: string[] = []): Promise<ChatMessage> {
  return api.post<ChatMessage>(`/messages/${id(chatId)}`, { text, attachmentIds });
}

/** Thrown when an upload was cancelled (`signal`). */
export class UploadCancelled extends Error {
  constructor() {
    super("Upload cancelled");
    this.name = "UploadCancelled";
  }
}

/**
 * Uploads one file into a chat (sent later with a message). XMLHttpRequest, because fetch
 * cannot report upload progress; `signal` cancels it.
 */
export function uploadChatFile(
  chatId: string,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<ChatAttachment> {
  const form = new FormData();
  form.append("file", file);
  const token = readToken();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/chats/${id(chatId)}/files`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.onerror = () => reject(new NoResponseError());
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = toApiError(xhr.status, xhr.statusText, body);
        reject(error.serverMessage ? error : new ApiError(xhr.status, xhr.statusText, MSG.uploadFailedStatus(xhr.statusText)));
        return;
      }
      resolve(body as ChatAttachment);
    };
    xhr.send(form);
  });
}

/** A message to a person, in the chat with them (started if needed). */
export function sendMessageTo(recipientId: string, message: string): Promise<{ chatId: string; message: ChatMessage }> {
  return api.post("/messages/send", { recipientId, message });
}
