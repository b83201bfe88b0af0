import { useState } from "react";
import type { Chat } from "@vam/shared";
import { Navigate, useLoaderData, useParams, useRevalidator } from "react-router";
import { LoadingFallback } from "../../components/LoadingFallback";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useAuth } from "../auth/public";
import { ChatSidebar } from "./ChatSidebar";
import { ChatLoadError, ChatWelcome } from "./ChatStates";
import { Conversation } from "./Conversation";
import { fullName, isReadBy, matchesSearch, type ChatFilter } from "./chat-people";
import type { chatLoader } from "./chat-loader";
import { useChatList } from "./useChatList";
import { useMarkChatRead } from "./useMarkChatRead";
import { useRealtimeConnect } from "../realtime/public";
import { pageHref, CHAT_PAGE } from "../../lib/page-routes";

const NO_CHATS: Chat[] = [];

/** /chat and /chat/{userId}: the user's chats beside the open conversation. */
export default function ChatPage() {
  const { userId: param } = useParams();
  const { user } = useAuth();
  const data = useLoaderData<typeof chatLoader>();
  const { revalidate } = useRevalidator();
  // After a reconnect, what was missed meanwhile is read again.
  useRealtimeConnect(() => void revalidate());
  const chats = useChatList(data.chats ?? NO_CHATS);
  const opened = data.opened;
  const conversation = opened?.chat ? opened : null;
  const openId = conversation?.chat.id;
  // The open chat as the list keeps it live (its last message, who has seen it).
  const openChat = conversation && (chats.find((chat) => chat.id === openId) ?? conversation.chat);
  useMarkChatRead(openChat ?? undefined, user?.id ?? "", Boolean(conversation?.messages));
  const [filter, setFilter] = useState<ChatFilter>("unread");
  const [search, setSearch] = useState("");
  useDocumentTitle(opened?.chat ? `Chat with ${fullName(opened.chat.receiver)}` : "Chat");

  if (!user) return null;
  if (!data.chats) return <ChatLoadError />;
  if (!param && chats.length === 0) return <ChatWelcome />;

  // The open chat stays listed under Unread once opening it has made it read.
  const shown = chats.filter((chat) => matchesSearch(chat, search) && (chat.id === openId || (filter === "read") === isReadBy(chat, user.id)));

  if (!param) {
    const first = shown[0] ?? chats[0];
    if (first) return <Navigate to={pageHref(CHAT_PAGE, { userId: first.receiver.id })} replace />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="sr-only">Chat</h1>
      <div className="card grid grid-cols-1 overflow-hidden md:h-[calc(100vh-8.5rem)] md:min-h-[30rem] md:grid-cols-[18rem_minmax(0,1fr)]">
        <ChatSidebar chats={shown} selectedId={openId} userId={user.id} filter={filter} onFilter={setFilter} search={search} onSearch={setSearch} />
        {openChat ? (
          <Conversation key={openChat.id} chat={openChat} loaded={conversation?.messages ?? null} start={conversation?.start} userId={user.id} />
        ) : opened && !opened.chat ? (
          <ChatLoadError message={opened.error} />
        ) : (
          <LoadingFallback label="Loading conversation..." />
        )}
      </div>
    </div>
  );
}
