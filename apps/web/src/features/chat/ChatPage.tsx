import { useState } from "react";
import { Navigate, useParams } from "react-router";
import { ApiError } from "../../api/errors";
import { LoadingFallback } from "../../layouts/LoadingFallback";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useAuth } from "../auth/auth-context";
import { ChatSidebar } from "./ChatSidebar";
import { ChatLoadError, ChatWelcome } from "./ChatStates";
import { Conversation } from "./Conversation";
import { fullName, isReadBy, matchesSearch, type ChatFilter } from "./chat-people";
import { useChatFor } from "./useChatFor";
import { useChatList } from "./useChatList";

/** /chat and /chat/{userId}: the user's chats beside the open conversation. */
export default function ChatPage() {
  const { userId: param } = useParams();
  const { user } = useAuth();
  const list = useChatList();
  const opened = useChatFor(param, list);
  const [filter, setFilter] = useState<ChatFilter>("unread");
  const [search, setSearch] = useState("");
  useDocumentTitle(opened.chat ? `Chat with ${fullName(opened.chat.receiver)}` : "Chat");

  if (!user) return null;
  if (list.failed) return <ChatLoadError />;
  if (!list.chats) return <LoadingFallback label="Loading chat..." />;
  if (!param && list.chats.length === 0) return <ChatWelcome />;

  const openId = opened.chat?.id;
  // The open chat stays listed under Unread once opening it has made it read.
  const shown = list.chats.filter((chat) => matchesSearch(chat, search) && (chat.id === openId || (filter === "read") === isReadBy(chat, user.id)));

  if (!param) {
    const first = shown[0] ?? list.chats[0];
    if (first) return <Navigate to={`/chat/${first.receiver.id}`} replace />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="sr-only">Chat</h1>
      <div className="card grid grid-cols-1 overflow-hidden md:h-[calc(100vh-8.5rem)] md:min-h-[30rem] md:grid-cols-[18rem_minmax(0,1fr)]">
        <ChatSidebar chats={shown} selectedId={openId} userId={user.id} filter={filter} onFilter={setFilter} search={search} onSearch={setSearch} />
        {opened.chat ? (
          <Conversation key={opened.chat.id} chat={opened.chat} userId={user.id} list={list} />
        ) : opened.error ? (
          <ChatLoadError message={opened.error instanceof ApiError ? opened.error.serverMessage : undefined} />
        ) : (
          <LoadingFallback label="Loading conversation..." />
        )}
      </div>
    </div>
  );
}
