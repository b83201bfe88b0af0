import type { ChatPerson } from "@vam/shared";
import { Link } from "react-router";
import { UserAvatar } from "../../components/UserAvatar";
import { fullName } from "./chat-people";

export function ChatHeader({ person }: { person: ChatPerson }) {
  return (
    <header className="flex items-center gap-3 border-b border-slate-800 px-4 py-3">
      <UserAvatar src={person.avatar} alt="" className="size-10" />
      <div className="min-w-0">
        <h2 className="truncate font-semibold text-white">
          <Link to={`/profile/${person.id}`} className="hover:underline">
            {fullName(person)}
          </Link>
        </h2>
        <p className="text-xs text-slate-400">{person.role || "User"}</p>
      </div>
    </header>
  );
}
