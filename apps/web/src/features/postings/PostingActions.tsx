import type { Posting } from "@vam/shared";
import CalendarCheck from "lucide-react/icons/calendar-check";
import MessageSquare from "lucide-react/icons/message-square";
import Pencil from "lucide-react/icons/pencil";
import { Link } from "react-router";
import { useAuth } from "../auth/public";
import { MessageButton } from "../chat/public";
import { SaveButton } from "./SaveButton";
import { pageHref, BOOK_CONSULTANT_PAGE, LOGIN_PAGE, MY_PROFILE_PAGE } from "../../lib/page-routes";

export function PostingActions({ posting }: { posting: Posting }) {
  const { user } = useAuth();
  const isOwner = user?.id === posting.user.id;

  return (
    <div className="grid gap-3">
      {isOwner ? (
        <Link to={pageHref(MY_PROFILE_PAGE, {}, { editPosting: posting.id })} className="btn-primary">
          <Pencil aria-hidden="true" className="size-4" />
          Edit posting
        </Link>
      ) : (
        <Link to={user ? pageHref(BOOK_CONSULTANT_PAGE, { consultantId: posting.user.id }) : pageHref(LOGIN_PAGE, {})} className="btn-primary">
          <CalendarCheck aria-hidden="true" className="size-4" />
          Book Now
        </Link>
      )}
      <SaveButton key={posting.id} postId={posting.id} saved={posting.isSaved} />
      {!isOwner && (
        <MessageButton recipient={posting.user} className="btn-secondary">
          <MessageSquare aria-hidden="true" className="size-4" />
          Send a Message
        </MessageButton>
      )}
    </div>
  );
}
