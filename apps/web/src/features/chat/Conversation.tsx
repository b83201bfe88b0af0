import { MSG, type Chat, type ChatMessage } from "@vam/shared";
import { ChatHeader } from "./ChatHeader";
import { ChatLoadError } from "./ChatStates";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import { fullName, shortName } from "./chat-people";
import { useConversation } from "./useConversation";

interface ConversationProps {
  chat: Chat;
  /** As the page's loader read them; null when they could not be loaded. */
  loaded: ChatMessage[] | null;
  userId: string;
}

/** One open chat. Rendered with `key={chat.id}`, so that each chat starts afresh. */
export function Conversation({ chat, loaded, userId }: ConversationProps) {
  const { messages, send, unsent } = useConversation(chat, loaded);
  const other = chat.receiver;

  return (
    <section aria-label={`Conversation with ${fullName(other)}`} className="flex min-h-[28rem] min-w-0 flex-col md:min-h-0">
      <ChatHeader person={other} />
      {messages ? (
        <MessageList messages={messages} userId={userId} senderName={shortName(other)} seenByOther={chat.seenBy.includes(other.id)} />
      ) : (
        <ChatLoadError />
      )}
      {other.deleted ? (
        <p role="status" className="border-t border-slate-800 p-4 text-sm text-slate-400">
          {MSG.recipientDeleted}
        </p>
      ) : (
        <MessageComposer onSend={send} unsent={unsent} disabled={!messages} />
      )}
    </section>
  );
}
