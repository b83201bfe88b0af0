import { useLayoutEffect, useRef } from "react";
import { MessageBubble } from "./MessageBubble";
import type { ShownMessage } from "./message-merge";

interface MessageListProps {
  messages: ShownMessage[];
  userId: string;
  senderName: string;
  /** The other member has read everything: 'Seen' goes under the user's last message. */
  seenByOther: boolean;
}

export function MessageList({ messages, userId, senderName, seenByOther }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // Keep the newest message in view.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  const lastMine = messages.reduce((found, message, index) => (message.userId === userId && !message.pending ? index : found), -1);
  return (
    // A log that scrolls: it takes focus, so that the keyboard can scroll it too.
    <div
      ref={scroller}
      role="log"
      aria-label={`Messages with ${senderName}`}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-5 focus-visible:-outline-offset-2"
    >
      {messages.length === 0 ? (
        <p className="grid h-full place-items-center text-center text-slate-400">No messages yet. Start the conversation!</p>
      ) : (
        <ol aria-label="Messages" className="space-y-3">
          {messages.map((message, index) => (
            <MessageBubble
              key={message.id}
              message={message}
              mine={message.userId === userId}
              senderName={senderName}
              seen={seenByOther && index === lastMine}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
