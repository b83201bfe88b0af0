import type { Chat, GalleryPhoto, Posting, ProjectPost, ReferralOverview } from "@vam/shared";
import { readToken, readUser } from "../../api/session-storage";
import { fetchChats } from "../chat/public";
import { galleryRequest } from "../gallery/public";
import { fetchUserProjects } from "../profiles/public";
import { fetchReferralOverview } from "../referrals/public";
import { fetchBookingTotals, fetchHasListing, fetchSavedPostings, type BookingTotals } from "./my-profile-api";

interface MyProfileData {
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
  /** The user's own gallery, deferred: shown by <GalleryView> as it arrives. */
  gallery: Promise<GalleryPhoto[]>;
}

const orNull = <T>(promise: Promise<T>) => promise.catch(() => null);

/** Everything /profile shows beyond the user's own fields; each part falls back to empty data. */
export async function myProfileLoader(): Promise<MyProfileData> {
  const user = readUser();
  if (!user || !readToken())
    return { saved: [], totals: null, hasListing: null, postings: [], referrals: null, chats: [], gallery: Promise.resolve([]) };
  const isAssistant = user.role === "Assistant";
  const gallery = galleryRequest(user.id, true);
  const [saved, totals, hasListing, postings, referrals, chats] = await Promise.all([
    orNull(fetchSavedPostings()),
    orNull(fetchBookingTotals()),
    isAssistant ? orNull(fetchHasListing()) : null,
    isAssistant ? orNull(fetchUserProjects(user.id)) : null,
    orNull(fetchReferralOverview()),
    orNull(fetchChats()),
  ]);
  return { saved: saved ?? [], totals, hasListing, postings: postings ?? [], referrals, chats: chats ?? [], gallery };
}
