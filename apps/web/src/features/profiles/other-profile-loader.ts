import type { GalleryPhoto, ProjectPost, ReviewPage, UserProfile } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../api/errors";
import { galleryRequest } from "../gallery/public";
import { fetchReviewPage } from "../reviews/public";
import { fetchUserProfile, fetchUserProjects } from "./profiles-api";

interface OtherProfileData {
  profile: UserProfile | null;
  /** Why `profile` is null. */
  profileError: "notFound" | "failed" | null;
  projects: ProjectPost[];
  projectsFailed: boolean;
  /** The first page of reviews about the user; null when it failed to load. */
  reviews: ReviewPage | null;
  /** The public gallery, deferred: shown by <GalleryView> as it arrives (here already where the server drew the page). */
  gallery: Promise<GalleryPhoto[]> | GalleryPhoto[];
}

/** The profile, the user's posts and the first reviews about them, each falling back to empty data on failure. */
export async function otherProfileLoader({ params }: LoaderFunctionArgs): Promise<OtherProfileData> {
  const userId = params.id ?? "";
  const gallery = galleryRequest(userId, false);
  const [profile, projects, reviews] = await Promise.allSettled([fetchUserProfile(userId), fetchUserProjects(userId), fetchReviewPage(userId)]);
  const notFound = profile.status === "rejected" && profile.reason instanceof ApiError && [400, 404].includes(profile.reason.status);
  return {
    profile: profile.status === "fulfilled" ? profile.value : null,
    profileError: profile.status === "fulfilled" ? null : notFound ? "notFound" : "failed",
    projects: projects.status === "fulfilled" ? projects.value : [],
    projectsFailed: projects.status === "rejected",
    reviews: reviews.status === "fulfilled" ? reviews.value : null,
    gallery,
  };
}
