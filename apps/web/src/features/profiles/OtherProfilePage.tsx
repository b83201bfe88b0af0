import { bookerRefusal } from "@vam/shared";
import UserRoundX from "lucide-react/icons/user-round-x";
import { Link, useLoaderData } from "react-router";
import { useAuth } from "../auth/public";
import { GalleryView } from "../gallery/public";
import { ContactActions } from "./ContactActions";
import { ProfileSummary } from "./ProfileSummary";
import { ProjectsSection } from "./ProjectsSection";
import type { otherProfileLoader } from "./other-profile-loader";
import { Suspense, lazy } from "react";
import { CardSection } from "../../components/CardSection";
import { ProfileReviews } from "../reviews/public";
import { importAgain } from "../../lib/import-again";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { pageHref, MY_PROFILE_PAGE, PROFILE_LIST_PAGE } from "../../lib/page-routes";

/**
 * Loaded for a signed-in person who may book, the only one who sees it: a visitor's profile page
 * loads none of the calendar's dates, free-time route or booking actions (decision 0004, 2026-11-26).
 */
const BookingCalendar = lazy(() => importAgain(() => import("../bookings/public")).then((module) => ({ default: module.BookingCalendar })));

export default function OtherProfilePage() {
  const { profile, profileError, projects, projectsFailed, reviews, gallery } = useLoaderData<typeof otherProfileLoader>();
  const { user } = useAuth();
  useDocumentTitle(profile ? `${profile.firstName} ${profile.lastName}` : "User not found");

  if (!profile) {
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-2 px-4 py-20 text-center">
        <UserRoundX aria-hidden="true" className="size-12 text-slate-500" />
        <h1 className="text-2xl font-bold text-white">User not found</h1>
        {profileError === "failed" && <p className="text-slate-400">Error loading profile</p>}
        <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="btn-primary mt-4">
          Browse assistants
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[20rem_1fr]">
      <div className="space-y-4">
        <ProfileSummary profile={profile} />
        {user?.id === profile.id ? (
          <p className="text-center text-sm text-slate-400">
            This is how others see your profile.{" "}
            <Link to={pageHref(MY_PROFILE_PAGE, {})} className="link">
              Go to your profile
            </Link>
          </p>
        ) : (
          <ContactActions person={profile} />
        )}
        {user && !bookerRefusal(user, profile.id) && profile.role === "Assistant" && (
          <Suspense>
            <BookingCalendar consultantId={profile.id} />
          </Suspense>
        )}
      </div>

      <div className="min-w-0 space-y-6">
        <CardSection title="About">
          <p className="leading-relaxed whitespace-pre-line text-slate-300">{profile.bio || `${profile.firstName} hasn't written a bio yet.`}</p>
        </CardSection>

        <ProfileReviews key={profile.id} userId={profile.id} first={reviews} />

        <CardSection title="Gallery">
          <GalleryView photos={gallery} owner={user?.id === profile.id} />
        </CardSection>

        <ProjectsSection projects={projects} failed={projectsFailed} />
      </div>
    </div>
  );
}
