import MessagesSquare from "lucide-react/icons/messages-square";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Link, useNavigate } from "react-router";
import { pageHref, PROFILE_LIST_PAGE } from "../../lib/page-routes";

/** No chats at all yet. */
export function ChatWelcome() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-teal-500/15 text-teal-300">
        <MessagesSquare aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-white">Welcome to the chat system</h1>
      <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="btn-primary mt-3">
        Find Consultants to Chat With
      </Link>
    </div>
  );
}

export function ChatLoadError({ message = "Failed to load chats." }: { message?: string }) {
  const navigate = useNavigate();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center">
      <TriangleAlert aria-hidden="true" className="size-8 text-rose-400" />
      <p className="text-slate-200">{message}</p>
      <button type="button" className="btn-secondary" onClick={() => void navigate(-1)}>
        Go Back
      </button>
    </div>
  );
}
