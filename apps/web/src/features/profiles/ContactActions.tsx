import History from "lucide-react/icons/rotate-ccw-clock";
import MessageSquare from "lucide-react/icons/message-square";
import { Link } from "react-router";
import { useAuth } from "../auth/public";
import { MessageButton } from "../chat/public";
import type { MessageRecipient } from "../chat/public";
import { pageHref, CHAT_PAGE } from "../../lib/page-routes";

/** Contact {first name} and, for someone signed in (a visitor has no chats), View Chat History, on someone else's profile. */
export function ContactActions({ person }: { person: MessageRecipient }) {
  const { user } = useAuth();
  return (
    <div className="grid gap-3">
      <MessageButton recipient={person} className="btn-primary">
        <MessageSquare aria-hidden="true" className="size-4" />
        Contact {person.firstName}
      </MessageButton>
      {user && (
        <Link to={pageHref(CHAT_PAGE, { userId: person.id })} className="btn-secondary">
          <History aria-hidden="true" className="size-4" />
          View Chat History
        </Link>
      )}
    </div>
  );
}
