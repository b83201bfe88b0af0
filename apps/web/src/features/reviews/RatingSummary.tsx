import { formatRating } from "@vam/shared";
import Star from "lucide-react/icons/star";
import { ratingAccessibleText } from "./review-view";

interface RatingSummaryProps {
  rating: number | null;
  reviewCount: number;
  className?: string;
}

/** "★ 4.8 · 23 reviews", or "★ New" for someone nobody has reviewed yet; screen readers hear the whole sentence. */
export function RatingSummary({ rating, reviewCount, className = "" }: RatingSummaryProps) {
  const rated = reviewCount > 0 && rating !== null;
  return (
    <p className={`inline-flex items-center gap-1.5 text-sm ${rated ? "text-amber-300" : "text-slate-300"} ${className}`}>
      <Star aria-hidden="true" className={`size-4 shrink-0 ${rated ? "fill-amber-300 text-amber-300" : "text-slate-400"}`} />
      <span aria-hidden="true">{formatRating(rating, reviewCount)}</span>
      <span className="sr-only">{ratingAccessibleText(rating, reviewCount)}</span>
    </p>
  );
}
