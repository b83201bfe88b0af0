import type { Chat } from "@vam/shared";
import { useEffect, useState } from "react";
import { openChatWith } from "./chat-api";
import { chatForParam } from "./chat-people";
import type { ChatList } from "./useChatList";

/** The chat `/chat/{param}` opens, started with that user when there is none yet. */
export function useChatFor(param: string | undefined, { chats, add }: ChatList): { chat?: Chat; error?: unknown } {
  const chat = param && chats ? chatForParam(chats, param) : undefined;
  const missing = Boolean(param && chats && !chat);
  const [failure, setFailure] = useState<{ param: string; error: unknown } | null>(null);

  useEffect(() => {
    if (!param || !missing) return;
    let cancelled = false;
    openChatWith(param)
      .then((opened) => {
        if (!cancelled) add(opened);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure({ param, error });
      });
    return () => {
      cancelled = true;
    };
  }, [param, missing, add]);

  return { chat, error: failure && failure.param === param && !chat ? failure.error : undefined };
}
