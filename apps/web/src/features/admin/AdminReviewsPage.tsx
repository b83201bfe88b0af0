import { RATING_MAX, type AdminPage, type AdminReview } from "@vam/shared";
import ArrowRight from "lucide-react/icons/arrow-right";
import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import Star from "lucide-react/icons/star";
import { Suspense, useId, useState } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminSearchForm } from "./AdminSearchForm";
import { AdminEmpty, AdminLoadFailed, AdminLoading } from "./AdminStates";
import { Pagination } from "./Pagination";
import { formatMoment, personName } from "./admin-format";
import type { adminReviewsLoader } from "./admin-loaders";
import { useActionFetcher } from "../../lib/useActionFetcher";

export default function AdminReviewsPage() {
  const { q, page, list } = useLoaderData<typeof adminReviewsLoader>();
  // The route's adminReviewAction hides or shows it, then the list is loaded again.
  const { submit, busy } = useActionFetcher();
  const [working, setWorking] = useState<string | null>(null);

  const toggle = (review: AdminReview) => {
    setWorking(review.id);
    void submit({ reviewId: review.id, hidden: review.hiddenAt === null });
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Reviews" description="Every review, newest first. A hidden review no longer shows or counts in a rating." />
      <AdminSearchForm name="Review search" label="Search reviews" placeholder="Author, subject or text" value={q} />

      <Suspense key={`${q ?? ""}|${page}`} fallback={<AdminLoading />}>
        <Await resolve={list} errorElement={<AdminLoadFailed />}>
          {(loaded: AdminPage<AdminReview>) =>
            loaded.items.length === 0 ? (
              <AdminEmpty
                action={
                  (q || page > 1) && (
                    <Link to="/admin/reviews" className="link">
                      Show all reviews
                    </Link>
                  )
                }
              >
                {q ? `No reviews match "${q}"` : page > 1 ? "No reviews on this page" : "No reviews yet"}
              </AdminEmpty>
            ) : (
              <div className="space-y-4">
                <ul className="space-y-3">
                  {loaded.items.map((review) => (
                    <li key={review.id}>
                      <ReviewCard review={review} busy={busy && working === review.id} disabled={busy} onToggle={() => toggle(review)} />
                    </li>
                  ))}
                </ul>
                <Pagination page={loaded.page} pageSize={loaded.pageSize} total={loaded.total} noun={["review", "reviews"]} />
              </div>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

interface ReviewCardProps {
  review: AdminReview;
  busy: boolean;
  disabled: boolean;
  onToggle: () => void;
}

function ReviewCard({ review, busy, disabled, onToggle }: ReviewCardProps) {
  const headingId = useId();
  const hidden = review.hiddenAt !== null;
  return (
    <article aria-labelledby={headingId} className={`card space-y-3 p-4 sm:p-5 ${hidden ? "border-rose-500/40" : ""}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="flex flex-wrap items-center gap-x-2 font-semibold text-white">
            <span className="sr-only">Review by </span>
            <Link to={`/admin/users/${review.author.id}`} className="link">
              {personName(review.author)}
            </Link>
            <ArrowRight aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only"> of </span>
            <Link to={`/admin/users/${review.subject.id}`} className="link">
              {personName(review.subject)}
            </Link>
          </h2>
          <Stars rating={review.rating} />
        </div>
        <div className="flex items-center gap-2">
          {hidden && (
            <span className="inline-flex rounded-full bg-rose-500/15 px-2.5 py-0.5 text-xs font-semibold text-rose-300 ring-1 ring-rose-500/40">
              Hidden
            </span>
          )}
          <button type="button" className="btn-secondary px-3 py-2" disabled={disabled} aria-busy={busy} onClick={onToggle}>
            {hidden ? <Eye aria-hidden="true" className="size-4" /> : <EyeOff aria-hidden="true" className="size-4" />}
            {hidden ? "Show" : "Hide"}
            <span className="sr-only"> the review by {personName(review.author)}</span>
          </button>
        </div>
      </div>

      {review.text ? (
        <p className="text-sm whitespace-pre-line break-words text-slate-200">{review.text}</p>
      ) : (
        <p className="text-sm text-slate-400 italic">No text, stars only</p>
      )}

      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
        <span>Written {formatMoment(review.createdAt)}</span>
        <span>{review.publishedAt ? `Published ${formatMoment(review.publishedAt)}` : "Waiting for the other review"}</span>
        {hidden && <span>Hidden {formatMoment(review.hiddenAt)}</span>}
      </p>
    </article>
  );
}

/** "4 of 5 stars", with the stars drawn beside it. */
function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-300">
      <span aria-hidden="true" className="flex">
        {Array.from({ length: RATING_MAX }, (_, index) => (
          <Star key={index} className={`size-4 ${index < rating ? "fill-amber-400 text-amber-400" : "text-slate-500"}`} />
        ))}
      </span>
      <span>
        {rating} of {RATING_MAX} stars
      </span>
    </p>
  );
}
