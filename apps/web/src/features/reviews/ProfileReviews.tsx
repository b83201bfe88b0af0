import { MSG, type ReviewPage } from "@vam/shared";
import MessageSquareQuote from "lucide-react/icons/message-square-quote";
import { useEffect, useRef } from "react";
import { CardSection } from "../../components/CardSection";
import { InlineLoadFailed } from "../../components/LoadFailed";
import { Spinner } from "../../components/Spinner";
import { UserAvatar } from "../../components/UserAvatar";
import { formatDate } from "../../lib/format";
import { usePages } from "../../lib/usePages";
import { Stars } from "./Stars";
import { authorName } from "./review-view";
import { reviewPageHref } from "./reviews-routes";

interface ProfileReviewsProps {
  userId: string;
  /** The first page, loaded with the profile; null when that failed. Mount again (a new `key`) for another user. */
  first: ReviewPage | null;
}

/** "Reviews" of /profile/{id}: published reviews about the user, newest first, ten at a time. */
export function ProfileReviews({ userId, first }: ProfileReviewsProps) {
  const { items, cursor, failed, added, loading, load } = usePages(first, (after) => reviewPageHref(userId, after));
  const itemRefs = useRef(new Map<string, HTMLLIElement>());

  // A new page moves focus to its first review, since the button may go away.
  useEffect(() => {
    if (added) itemRefs.current.get(added.id)?.focus();
  }, [added]);

  const firstFailed = failed && items.length === 0;

  return (
    <CardSection title="Reviews">
      {firstFailed ? (
        <InlineLoadFailed message={MSG.reviewsLoadFailed} retrying={loading} onRetry={() => load(null)} />
      ) : items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-400">
          <MessageSquareQuote aria-hidden="true" className="size-4 text-slate-400" />
          No reviews yet
        </p>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-slate-800">
            {items.map((review) => (
              <li
                key={review.id}
                ref={(element) => {
                  if (element) itemRefs.current.set(review.id, element);
                  else itemRefs.current.delete(review.id);
                }}
                tabIndex={-1}
                className="flex gap-3 py-4 first:pt-0 last:pb-0 focus-visible:outline-offset-4"
              >
                <UserAvatar src={review.author.avatar} alt="" className="size-10" />
                <article className="min-w-0 flex-1 space-y-1.5" aria-label={`Review by ${authorName(review.author)}`}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-semibold text-slate-100">{authorName(review.author)}</p>
                    <Stars rating={review.rating} />
                    <time dateTime={review.publishedAt ?? review.createdAt} className="text-xs text-slate-400">
                      {formatDate(review.publishedAt ?? review.createdAt)}
                    </time>
                  </div>
                  {review.text && (
                    <p className="text-sm leading-relaxed whitespace-pre-line text-slate-300 [overflow-wrap:anywhere]">{review.text}</p>
                  )}
                </article>
              </li>
            ))}
          </ul>
          {failed && (
            <p role="alert" className="text-sm text-rose-300">
              {MSG.reviewsLoadFailed}
            </p>
          )}
          {cursor && (
            <button type="button" className="btn-secondary w-full sm:w-auto" disabled={loading} aria-busy={loading} onClick={() => load(cursor)}>
              {loading && <Spinner className="size-4" />}
              {loading ? "Loading reviews..." : "Show more reviews"}
            </button>
          )}
        </div>
      )}
    </CardSection>
  );
}
