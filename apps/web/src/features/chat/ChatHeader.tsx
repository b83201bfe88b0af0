import type { ChatPerson } from "@vam/shared";
import { Link } from "react-router";
import { UserAvatar } from "../../components/UserAvatar";
import { fullName } from "./chat-people";
import { pageHref, OTHER_PROFILE_PAGE } from "../../lib/page-routes";

export function ChatHeader({ person }: { person: ChatPerson }) {
  return (
    <header className="flex items-center gap-3 border-b border-slate-800 px-4 py-3">
      <UserAvatar src={person.avatar} alt="" className="size-10" />
      <div className="min-w-0">
        <h2 className="truncate font-semibold text-white">
          <Link to={pageHref(OTHER_PROFILE_PAGE, { id: person.id })} className="hover:underline">
            {fullName(person)}
          </Link>
        </h2>
        <p className="text-xs text-slate-400">{person.role || "User"}</p>
      </div>
    </header>
  );
}
