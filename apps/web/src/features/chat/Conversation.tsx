import type { Chat } from "@vam/shared";
import { LoadingFallback } from "../../layouts/LoadingFallback";
import { ChatHeader } from "./ChatHeader";
import { ChatLoadError } from "./ChatStates";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import { fullName, shortName } from "./chat-people";
import type { ChatList } from "./useChatList";
import { useConversation } from "./useConversation";
import { useMarkChatRead } from "./useMarkChatRead";

interface ConversationProps {
  chat: Chat;
  userId: string;
  list: ChatList;
}

/** One open chat. Rendered with `key={chat.id}`, so that each chat starts afresh. */
export function Conversation({ chat, userId, list }: ConversationProps) {
  const { messages, failed, send } = useConversation(chat, list.noteSent);
  useMarkChatRead(chat, userId, messages !== null, list.setSeenBy);
  const other = chat.receiver;

  return (
    <section aria-label={`Conversation with ${fullName(other)}`} className="flex min-h-[28rem] min-w-0 flex-col md:min-h-0">
      <ChatHeader person={other} />
      {messages ? (
        <MessageList messages={messages} userId={userId} senderName={shortName(other)} seenByOther={chat.seenBy.includes(other.id)} />
      ) : failed ? (
        <ChatLoadError />
      ) : (
        <div className="flex-1">
          <LoadingFallback label="Loading conversation..." />
        </div>
      )}
      <MessageComposer onSend={send} disabled={!messages} />
    </section>
  );
}
