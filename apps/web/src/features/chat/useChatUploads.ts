import { CHAT_FILE_MAX_BYTES, CHAT_FILES_PER_MESSAGE, MSG, type ChatAttachment } from "@vam/shared";
import { useRef, useState } from "react";
import { serverMessageOr } from "../../api/errors";
import { UploadCancelled, uploadChatFile } from "./chat-api";

/** A file chosen for the next message: on its way (with its progress), uploaded, or refused. */
export interface PendingFile {
  key: string;
  file: File;
  status: "uploading" | "done" | "failed";
  progress: number;
  attachment?: ChatAttachment;
  error?: string;
}

let keys = 0;

/**
 * The files of the message being written: each uploads as soon as it is chosen (progress shown),
 * and can be cancelled, removed or tried again; `take` hands the uploaded ones to a send and
 * empties the list.
 */
export function useChatUploads(chatId: string) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const change = (key: string, patch: Partial<PendingFile>) =>
    setFiles((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const start = (key: string, file: File) => {
    if (file.size > CHAT_FILE_MAX_BYTES) {
      change(key, { status: "failed", error: MSG.chatFileTooLarge(CHAT_FILE_MAX_BYTES / (1024 * 1024)) });
      return;
    }
    const controller = new AbortController();
    controllers.current.set(key, controller);
    change(key, { status: "uploading", progress: 0, error: undefined });
    uploadChatFile(chatId, file, { signal: controller.signal, onProgress: (progress) => change(key, { progress }) })
      .then((attachment) => change(key, { status: "done", progress: 100, attachment }))
      .catch((error: unknown) => {
        if (error instanceof UploadCancelled) return;
        change(key, { status: "failed", error: serverMessageOr(error, MSG.uploadFailedStatus("no answer")) });
      })
      .finally(() => controllers.current.delete(key));
  };

  const add = (chosen: File[]) => {
    const room = Math.max(0, CHAT_FILES_PER_MESSAGE - files.length);
    const added = chosen.slice(0, room).map((file): PendingFile => ({ key: `file-${++keys}`, file, status: "uploading", progress: 0 }));
    setFiles((list) => [...list, ...added]);
    for (const item of added) start(item.key, item.file);
    return chosen.length > room ? MSG.chatFilesTooMany(CHAT_FILES_PER_MESSAGE) : null;
  };

  /** Cancels an upload on its way, or takes a file off the message. */
  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    setFiles((list) => list.filter((item) => item.key !== key));
  };

  const retry = (key: string) => {
    const item = files.find((candidate) => candidate.key === key);
    if (item) start(key, item.file);
  };

  const take = (): ChatAttachment[] => {
    const ready = files.flatMap((item) => (item.status === "done" && item.attachment ? [item.attachment] : []));
    setFiles([]);
    return ready;
  };

  return {
    files,
    add,
    remove,
    retry,
    take,
    uploading: files.some((item) => item.status === "uploading"),
    ready: files.some((item) => item.status === "done"),
    full: files.length >= CHAT_FILES_PER_MESSAGE,
  };
}
