import type { Chat, Posting, ProjectPost, ReferralOverview } from "@vam/shared";
import { readToken, readUser } from "../auth/storage";
import { fetchChats } from "../chat/chat-api";
import { fetchUserProjects } from "../profiles/profiles-api";
import { fetchReferralOverview } from "../referrals/referrals-api";
import { fetchBookingTotals, fetchHasListing, fetchSavedPostings, type BookingTotals } from "./own-profile-api";

interface OwnProfileData {
  saved: Posting[];
  /** null when they could not be loaded. */
  totals: BookingTotals | null;
  /** null when unknown (not an Assistant, or the check failed). */
  hasListing: boolean | null;
  /** The Assistant's own postings. */
  postings: ProjectPost[];
  /** The referral stats and list; null when they could not be loaded. */
  referrals: ReferralOverview | null;
  /** The user's conversations, newest first. */
  chats: Chat[];
}

const orNull = <T>(promise: Promise<T>) => promise.catch(() => null);

/** Everything /profile shows beyond the user's own fields; each part falls back to empty data. */
export async function ownProfileLoader(): Promise<OwnProfileData> {
  const user = readUser();
  if (!user || !readToken()) return { saved: [], totals: null, hasListing: null, postings: [], referrals: null, chats: [] };
  const isAssistant = user.role === "Assistant";
  const [saved, totals, hasListing, postings, referrals, chats] = await Promise.all([
    orNull(fetchSavedPostings()),
    orNull(fetchBookingTotals()),
    isAssistant ? orNull(fetchHasListing()) : null,
    isAssistant ? orNull(fetchUserProjects(user.id)) : null,
    orNull(fetchReferralOverview()),
    orNull(fetchChats()),
  ]);
  return { saved: saved ?? [], totals, hasListing, postings: postings ?? [], referrals, chats: chats ?? [] };
}
