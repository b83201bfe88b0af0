import type { Chat } from "@vam/shared";
import Search from "lucide-react/icons/search";
import { ChatListItem } from "./ChatListItem";
import { isReadBy, type ChatFilter } from "./chat-people";

interface ChatSidebarProps {
  chats: Chat[];
  selectedId: string | undefined;
  userId: string;
  filter: ChatFilter;
  onFilter: (filter: ChatFilter) => void;
  search: string;
  onSearch: (search: string) => void;
}

const FILTERS: { value: ChatFilter; label: string }[] = [
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
];

export function ChatSidebar({ chats, selectedId, userId, filter, onFilter, search, onSearch }: ChatSidebarProps) {
  const emptyText = search.trim() ? "No chats match your search" : filter === "unread" ? "No unread chats" : "No read chats";
  return (
    <aside aria-label="Chats" className="flex min-h-0 flex-col border-b border-slate-800 md:border-r md:border-b-0">
      <div className="space-y-3 border-b border-slate-800 p-3">
        <label className="relative block">
          <span className="sr-only">Search users</span>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Search users..."
            className="input pl-9"
          />
        </label>
        <div role="group" aria-label="Show chats" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-800/60 p-1">
          {FILTERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => onFilter(value)}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-300 transition-colors hover:text-white aria-pressed:bg-teal-500 aria-pressed:text-slate-950"
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {chats.length === 0 ? (
        <p className="p-4 text-center text-sm text-slate-400">{emptyText}</p>
      ) : (
        <ul className="max-h-64 min-h-0 flex-1 space-y-1 overflow-y-auto p-2 md:max-h-none">
          {chats.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} selected={chat.id === selectedId} unread={!isReadBy(chat, userId)} userId={userId} />
          ))}
        </ul>
      )}
    </aside>
  );
}
