import { MSG, readsAsManila, type Chat } from "@vam/shared";
import { Link } from "react-router";
import { UserAvatar } from "../../components/UserAvatar";
import { useTimeZone } from "../auth/public";
import { shortName } from "./chat-people";
import { formatMessageTime } from "./message-time";
import { pageHref, CHAT_PAGE } from "../../lib/page-routes";

interface ChatListItemProps {
  chat: Chat;
  selected: boolean;
  unread: boolean;
  userId: string;
}

export function ChatListItem({ chat, selected, unread, userId }: ChatListItemProps) {
  const { receiver, lastMessage } = chat;
  const zone = useTimeZone();
  // The last message's time, in both clocks where the viewer's differs from Manila's: then too long
  // to sit beside the name, it takes a line of its own under the message.
  const sent = lastMessage && (
    <time dateTime={lastMessage.createdAt} className="shrink-0 text-[11px] text-slate-400">
      {formatMessageTime(lastMessage.createdAt, zone)}
    </time>
  );
  const ownLine = lastMessage ? !readsAsManila(lastMessage.createdAt, zone) : false;
  return (
    <li>
      <Link
        to={pageHref(CHAT_PAGE, { userId: receiver.id })}
        aria-current={selected ? "page" : undefined}
        className="flex items-center gap-3 rounded-xl p-2.5 transition-colors hover:bg-slate-800/70 aria-[current=page]:bg-slate-800"
      >
        <UserAvatar src={receiver.avatar} alt="" className="size-10" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${unread ? "font-semibold text-white" : "font-medium text-slate-200"}`}>{shortName(receiver)}</span>
            {!ownLine && sent}
          </span>
          <span className="flex items-center gap-2">
            <span className={`truncate text-xs ${unread ? "text-slate-200" : "text-slate-400"}`}>
              {lastMessage ? `${lastMessage.userId === userId ? "You: " : ""}${lastMessage.text || MSG.chatFileSentFile}` : "No messages yet"}
            </span>
            {unread && (
              <span className="ml-auto size-2 shrink-0 rounded-full bg-teal-400">
                <span className="sr-only">Unread</span>
              </span>
            )}
          </span>
          {ownLine && <span className="block">{sent}</span>}
        </span>
      </Link>
    </li>
  );
}
