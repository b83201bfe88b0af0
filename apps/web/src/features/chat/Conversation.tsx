import { useState } from "react";
import { MSG, type Chat, type ChatMessage } from "@vam/shared";
import { ChatHeader } from "./ChatHeader";
import { ChatLoadError } from "./ChatStates";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import type { ConversationStart } from "./chat-loader";
import { fullName, shortName } from "./chat-people";
import { useConversation } from "./useConversation";

interface ConversationProps {
  chat: Chat;
  /** As the page's loader read them (the latest); null when they could not be loaded. */
  loaded: ChatMessage[] | null;
  /** Where they start: the cursor to earlier ones, the reader's first unread one (none when absent). */
  start?: ConversationStart;
  userId: string;
}

const EVERYTHING_SHOWN: ConversationStart = { olderCursor: null, firstUnreadId: null };

/** One open chat. Rendered with `key={chat.id}`, so that each chat starts afresh. */
export function Conversation({ chat, loaded, start = EVERYTHING_SHOWN, userId }: ConversationProps) {
  const { messages, send, unsent, older } = useConversation(chat, loaded, start.olderCursor);
  // Where "New messages" goes stays as the conversation opened, though opening it marks it read.
  const [unreadFromId] = useState(start.firstUnreadId);
  const other = chat.receiver;

  return (
    <section
      aria-label={`Conversation with ${fullName(other)}`}
      className="flex h-[calc(100dvh-4rem)] min-h-[28rem] min-w-0 flex-col md:h-auto md:min-h-0"
    >
      <ChatHeader person={other} />
      {messages ? (
        <MessageList
          messages={messages}
          userId={userId}
          senderName={shortName(other)}
          seenByOther={chat.seenBy.includes(other.id)}
          unreadFromId={unreadFromId}
          older={older}
        />
      ) : (
        <ChatLoadError />
      )}
      {other.deleted ? (
        <p role="status" className="border-t border-slate-800 p-4 text-sm text-slate-400">
          {MSG.recipientDeleted}
        </p>
      ) : (
        <MessageComposer chatId={chat.id} onSend={send} unsent={unsent} disabled={!messages} />
      )}
    </section>
  );
}
