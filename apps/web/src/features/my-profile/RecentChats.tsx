import type { Chat } from "@vam/shared";
import { Link } from "react-router";
import { CardSection } from "../../components/CardSection";
import { ChatListItem } from "../chat/public";
import { pageHref, CHAT_PAGE, PROFILE_LIST_PAGE } from "../../lib/page-routes";

/** How many conversations the profile shows; the rest are on /chat. */
const SHOWN = 5;

/** The user's latest conversations, newest first (the server's order), linking to the chat page. */
export function RecentChats({ chats, userId }: { chats: Chat[]; userId: string }) {
  return (
    <CardSection title="Messages">
      {chats.length === 0 ? (
        <p className="text-sm text-slate-400">
          No conversations yet.{" "}
          <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="link">
            Find someone to talk to
          </Link>
        </p>
      ) : (
        <div className="space-y-3">
          <ul className="space-y-1" aria-label="Recent conversations">
            {chats.slice(0, SHOWN).map((chat) => (
              <ChatListItem key={chat.id} chat={chat} selected={false} unread={!chat.seenBy.includes(userId)} userId={userId} />
            ))}
          </ul>
          <Link to={pageHref(CHAT_PAGE, {})} className="link inline-block text-sm">
            View all messages
          </Link>
        </div>
      )}
    </CardSection>
  );
}
