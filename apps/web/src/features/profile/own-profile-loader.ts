import type { Posting, ProjectPost } from "@vam/shared";
import { readToken, readUser } from "../auth/storage";
import { fetchUserProjects } from "../profiles/profiles-api";
import { fetchBookingTotals, fetchHasListing, fetchSavedPostings, type BookingTotals } from "./own-profile-api";

interface OwnProfileData {
  saved: Posting[];
  /** null when they could not be loaded. */
  totals: BookingTotals | null;
  /** null when unknown (not an Assistant, or the check failed). */
  hasListing: boolean | null;
  /** The Assistant's own postings. */
  postings: ProjectPost[];
}

const orNull = <T>(promise: Promise<T>) => promise.catch(() => null);

/** Everything /profile shows beyond the user's own fields; each part falls back to empty data. */
export async function ownProfileLoader(): Promise<OwnProfileData> {
  const user = readUser();
  if (!user || !readToken()) return { saved: [], totals: null, hasListing: null, postings: [] };
  const isAssistant = user.role === "Assistant";
  const [saved, totals, hasListing, postings] = await Promise.all([
    orNull(fetchSavedPostings()),
    orNull(fetchBookingTotals()),
    isAssistant ? orNull(fetchHasListing()) : null,
    isAssistant ? orNull(fetchUserProjects(user.id)) : null,
  ]);
  return { saved: saved ?? [], totals, hasListing, postings: postings ?? [] };
}
