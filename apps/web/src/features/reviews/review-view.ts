import { RATING_MAX, formatRating, reviewClosesAt, reviewRefusal, type Booking, type Review } from "@vam/shared";

/** What a party of a booking sees of its reviews, and whether they may write theirs now. */
export interface BookingReviewView {
  /** Offer "Write a review": completed, not reviewed yet by the viewer, the 14 days not over. */
  canWrite: boolean;
  mine: Review | null;
  /** The other party's review, once published. */
  theirs: Review | null;
  /**
   * While the window is open and the other's review is not shown: "waiting" (the viewer wrote
   * theirs) or "theirsSubmitted" (the other wrote one, the viewer has not); "hidden" whenever an
   * operator hid the other's review.
   */
  note: "waiting" | "theirsSubmitted" | "hidden" | null;
  /** Until when reviews can be written; null unless the booking is completed. */
  closesAt: Date | null;
}

const NOTHING: BookingReviewView = { canWrite: false, mine: null, theirs: null, note: null, closesAt: null };

/** The reviews part of a booking at `now` (the browser's clock, read at render). */
export function bookingReviewView(booking: Booking, now: Date): BookingReviewView {
  if (booking.status !== "COMPLETED" || !booking.completedAt) return NOTHING;
  const { mine, theirs, theirsSubmitted, theirsHidden } = booking.reviews;
  const closesAt = booking.reviews.closesAt ? new Date(booking.reviews.closesAt) : reviewClosesAt(booking.completedAt);
  const open = closesAt > now;
  const canWrite = open && reviewRefusal(booking, mine !== null, now) === null;
  const note = theirs ? null : theirsHidden ? "hidden" : !open ? null : mine ? "waiting" : theirsSubmitted ? "theirsSubmitted" : null;
  return { canWrite, mine, theirs, note, closesAt };
}

/** Whether the reviews part has anything to show. */
export const hasReviewContent = (view: BookingReviewView) => view.canWrite || view.mine !== null || view.theirs !== null || view.note !== null;

/** "Rated 4.8 out of 5 from 23 reviews", or "New: no reviews yet": what a screen reader hears for a rating. */
export function ratingAccessibleText(average: number | null, count: number): string {
  if (!count || average === null) return `${formatRating(average, count)}: no reviews yet`;
  return `Rated ${average.toFixed(1)} out of ${RATING_MAX} from ${count} review${count === 1 ? "" : "s"}`;
}

/** "Maria S.": how a review's author is named in public. */
export const authorName = (author: Pick<Review["author"], "firstName" | "lastName">) =>
  author.lastName ? `${author.firstName} ${author.lastName.charAt(0)}.` : author.firstName;
