import type { SelfUser } from "@vam/shared";
import Briefcase from "lucide-react/icons/briefcase";
import CalendarClock from "lucide-react/icons/calendar-clock";
import LogOut from "lucide-react/icons/log-out";
import MapPin from "lucide-react/icons/map-pin";
import Pencil from "lucide-react/icons/pencil";
import { Link, useLoaderData, useNavigate } from "react-router";
import { DetailList } from "../../components/DetailList";
import { UserAvatar } from "../../components/UserAvatar";
import { useAuth } from "../auth/public";
import { GalleryView } from "../gallery/public";
import { MyPostings } from "../postings/public";
import { SkillList } from "../profiles/public";
import { ReferralSection } from "../referrals/public";
import { RecentChats } from "./RecentChats";
import { BookingHours } from "./BookingHours";
import { MakePublicButton } from "./MakePublicButton";
import { SavedPostings } from "./SavedPostings";
import type { myProfileLoader } from "./my-profile-loader";
import { CardSection } from "../../components/CardSection";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { pageHref, HOME_PAGE, PROFILE_UPDATE_PAGE } from "../../lib/page-routes";

export default function ProfilePage() {
  useDocumentTitle("My Profile");
  const { user, logout } = useAuth();
  const { saved, totals, hasListing, postings, referrals, chats, gallery } = useLoaderData<typeof myProfileLoader>();
  const navigate = useNavigate();
  if (!user) return null;
  const isAssistant = user.role === "Assistant";

  const onLogout = () => {
    // Leave the protected page first so that its guard does not redirect to /login meanwhile.
    void navigate(pageHref(HOME_PAGE, {}), { flushSync: true });
    void logout();
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <section className="card overflow-hidden">
        <div aria-hidden="true" className="h-28 bg-gradient-to-r from-teal-600/40 via-cyan-700/30 to-slate-900" />
        <div className="flex flex-col gap-6 px-6 pb-6 sm:flex-row sm:items-end">
          <Link to={pageHref(PROFILE_UPDATE_PAGE, {})} aria-label="Edit profile" className="group relative -mt-14 w-fit rounded-full">
            <UserAvatar src={user.avatar} alt="" className="size-28 ring-4 ring-slate-900" />
            <span className="absolute right-1 bottom-1 grid size-8 place-items-center rounded-full bg-teal-500 text-slate-950 shadow-lg transition group-hover:scale-110">
              <Pencil aria-hidden="true" className="size-4" />
            </span>
          </Link>
          <div className="flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold text-white">
                {user.firstName} {user.lastName}
              </h1>
              <span className="rounded-full bg-teal-500/15 px-3 py-0.5 text-xs font-semibold text-teal-300 ring-1 ring-teal-500/40">{user.role}</span>
            </div>
            <p className="text-sm text-slate-400">@{user.username}</p>
            <BookingHours totals={totals} />
          </div>
          <div className="flex flex-wrap gap-3">
            {isAssistant && hasListing === false && <MakePublicButton />}
            <Link to={pageHref(PROFILE_UPDATE_PAGE, {})} className="btn-secondary">
              <Pencil aria-hidden="true" className="size-4" />
              Update Profile
            </Link>
            <button type="button" onClick={onLogout} className="btn-ghost">
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </div>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-3">
        <ProfileDetails user={user} />
        <section aria-labelledby="skills-heading" className="card p-6 md:col-span-2">
          <h2 id="skills-heading" className="mb-3 font-semibold text-white">
            Skills
          </h2>
          <SkillList skills={user.skills} />
          {user.bio && (
            <>
              <h2 className="mt-6 mb-2 font-semibold text-white">About</h2>
              <p className="text-sm leading-relaxed whitespace-pre-line text-slate-300">{user.bio}</p>
            </>
          )}
        </section>
      </div>

      <CardSection title="Gallery">
        <GalleryView photos={gallery} editable />
      </CardSection>

      {isAssistant && <MyPostings postings={postings} />}
      <SavedPostings saved={saved} />
      <RecentChats chats={chats} userId={user.id} />

      <ReferralSection referralCode={user.referralCode} overview={referrals} />
    </div>
  );
}

function ProfileDetails({ user }: { user: SelfUser }) {
  return (
    <CardSection title="Details">
      <DetailList
        details={[
          { icon: MapPin, label: "Location", value: user.location || "N/A" },
          { icon: Briefcase, label: "Experience", value: user.experience || "N/A" },
          { icon: CalendarClock, label: "Availability", value: user.availability || "N/A" },
        ]}
      />
    </CardSection>
  );
}
