import { RATING_MAX } from "@vam/shared";
import Star from "lucide-react/icons/star";

/** A review's stars, read as "4 of 5 stars". */
export function Stars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} of ${RATING_MAX} stars`} className="inline-flex shrink-0 items-center gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`${className} ${index < rating ? "fill-amber-400 text-amber-400" : "fill-transparent text-slate-500"}`}
        />
      ))}
    </span>
  );
}
