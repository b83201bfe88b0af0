import type { Posting } from "@vam/shared";
import CalendarCheck from "lucide-react/icons/calendar-check";
import MessageSquare from "lucide-react/icons/message-square";
import Pencil from "lucide-react/icons/pencil";
import { Link } from "react-router";
import { useAuth } from "../auth/public";
import { MessageButton } from "../chat/public";
import { SaveButton } from "./SaveButton";

export function PostingActions({ posting }: { posting: Posting }) {
  const { user } = useAuth();
  const isOwner = user?.id === posting.user.id;

  return (
    <div className="grid gap-3">
      {isOwner ? (
        <Link to={`/profile?editPosting=${posting.id}`} className="btn-primary">
          <Pencil aria-hidden="true" className="size-4" />
          Edit posting
        </Link>
      ) : (
        <Link to={user ? `/book/${posting.user.id}` : "/login"} className="btn-primary">
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
