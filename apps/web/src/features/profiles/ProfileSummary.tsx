import { ASSISTANT_RATE, type UserProfile } from "@vam/shared";
import Briefcase from "lucide-react/icons/briefcase";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarDays from "lucide-react/icons/calendar-days";
import MapPin from "lucide-react/icons/map-pin";
import Wallet from "lucide-react/icons/wallet";
import { DetailList, type Detail } from "../../components/DetailList";
import { UserAvatar } from "../../components/UserAvatar";
import { formatHourlyRate, formatMonthYear } from "../../lib/format";
import { RatingSummary } from "../reviews/public";
import { RoleBadge } from "./RoleBadge";
import { SkillList } from "./SkillList";

/** The card of another user's profile page. */
export function ProfileSummary({ profile }: { profile: UserProfile }) {
  const fullName = `${profile.firstName} ${profile.lastName}`;
  const details: Detail[] = [
    { icon: MapPin, label: "Location", value: profile.location || "Location not specified" },
    { icon: Briefcase, label: "Experience", value: profile.experience || "N/A" },
    { icon: CalendarClock, label: "Availability", value: profile.availability || "N/A" },
    { icon: Wallet, label: "Hourly rate", value: formatHourlyRate(profile.salaryRate ?? ASSISTANT_RATE) },
    { icon: CalendarDays, label: "Member since", value: formatMonthYear(profile.createdAt) || "N/A" },
  ];

  return (
    <section aria-labelledby="profile-name" className="card space-y-5 p-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <UserAvatar src={profile.avatar} alt={fullName} className="size-28" priority="first" />
        <h1 id="profile-name" className="text-2xl font-bold text-white">
          {fullName}
        </h1>
        <RoleBadge role={profile.role} />
        <RatingSummary rating={profile.rating} reviewCount={profile.reviewCount} />
      </div>
      <DetailList details={details} />
      <div>
        <h2 className="mb-2 text-sm font-semibold text-white">Skills</h2>
        <SkillList skills={profile.skills} />
      </div>
    </section>
  );
}
