import { useTimeZone } from "../auth/public";
import { MessageAttachments } from "./MessageAttachments";
import { formatMessageTime } from "./message-time";
import type { ShownMessage } from "./message-merge";

interface MessageBubbleProps {
  message: ShownMessage;
  mine: boolean;
  /** How a screen reader names the sender of a received message. */
  senderName: string;
  seen: boolean;
  /** The first message the reader had not read: "New messages" goes above it, inside its item (a list holds only items). */
  firstUnread?: boolean;
}

export function MessageBubble({ message, mine, senderName, seen, firstUnread = false }: MessageBubbleProps) {
  // The viewer's own clock beside Manila's where the two differ (the same words for a screen reader).
  const zone = useTimeZone();
  return (
    <li className={`flex flex-col gap-1 ${mine ? "items-end" : "items-start"}`}>
      {firstUnread && (
        <div
          role="separator"
          aria-label="New messages"
          data-unread-divider=""
          className="mb-2 flex items-center gap-3 self-stretch py-1 text-xs font-semibold text-teal-300"
        >
          <span aria-hidden="true" className="h-px flex-1 bg-teal-400/40" />
          New messages
          <span aria-hidden="true" className="h-px flex-1 bg-teal-400/40" />
        </div>
      )}
      <div
        className={`max-w-[80%] rounded-2xl px-4 py-2 text-sm leading-relaxed sm:max-w-[70%] ${
          mine ? "rounded-br-md bg-teal-500 text-slate-950" : "rounded-bl-md bg-slate-800 text-slate-100"
        } ${message.pending ? "opacity-70" : ""}`}
      >
        <span className="sr-only">{mine ? "You" : senderName}: </span>
        {message.text && <p className="whitespace-pre-wrap wrap-anywhere">{message.text}</p>}
        <MessageAttachments attachments={message.attachments} mine={mine} />
      </div>
      <p className="px-1 text-[11px] text-slate-400">
        {message.pending ? "Sending..." : <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, zone)}</time>}
        {seen && <span className="ml-2 font-medium text-teal-300">Seen</span>}
      </p>
    </li>
  );
}
