import { REVIEW_WINDOW_DAYS, type Booking, type ChatPerson, type Review } from "@vam/shared";
import Hourglass from "lucide-react/icons/hourglass";
import MessageSquareQuote from "lucide-react/icons/message-square-quote";
import PenLine from "lucide-react/icons/pen-line";
import { formatDate } from "../../lib/format";
import { Stars } from "./Stars";
import { bookingReviewView, hasReviewContent } from "./review-view";

interface BookingReviewsProps {
  booking: Booking;
  /** The other party: the person the viewer reviews. */
  other: ChatPerson;
  onWrite: (booking: Booking) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A completed booking's reviews as one of its parties sees them: their own, the other's once
 * published, what they are waiting for, and "Write a review" while the 14 days last.
 */
export function BookingReviews({ booking, other, onWrite, disabled = false, className = "" }: BookingReviewsProps) {
  // The browser's clock at render: the window closes without anything else changing.
  const view = bookingReviewView(booking, new Date());
  if (!hasReviewContent(view)) return null;
  const first = other.firstName;

  return (
    <div className={`space-y-3 ${className}`}>
      {view.mine && <ReviewText title="Your review" review={view.mine} />}
      {view.theirs && <ReviewText title={`${first}'s review`} review={view.theirs} />}
      {view.note && (
        <p className="flex items-start gap-2 text-sm text-slate-300">
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-400" />
          <span>
            {view.note === "hidden"
              ? `${first}'s review was hidden by the platform.`
              : view.note === "waiting"
                ? `Waiting for ${first}'s review: reviews appear once both are written or the ${REVIEW_WINDOW_DAYS} days are over`
                : `${first} has reviewed you. Their review shows once you write yours.`}
          </span>
        </p>
      )}
      {view.canWrite && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <button type="button" className="btn-primary" disabled={disabled} onClick={() => onWrite(booking)}>
            <PenLine aria-hidden="true" className="size-4" />
            Write a review
          </button>
          {view.closesAt && (
            <p className="text-xs text-slate-400">
              You can review {first} until {formatDate(view.closesAt)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** One review of a booking: whose, the stars and the text (plain text, long words wrap). */
function ReviewText({ title, review }: { title: string; review: Review }) {
  return (
    <figure className="space-y-1.5 rounded-xl border border-slate-800 bg-slate-950/40 p-3">
      <figcaption className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <MessageSquareQuote aria-hidden="true" className="size-4 shrink-0 text-teal-400" />
        <span className="font-semibold text-slate-100">{title}</span>
        <Stars rating={review.rating} className="size-3.5" />
      </figcaption>
      {review.text && (
        <blockquote className="text-sm leading-relaxed whitespace-pre-line text-slate-300 [overflow-wrap:anywhere]">{review.text}</blockquote>
      )}
    </figure>
  );
}
