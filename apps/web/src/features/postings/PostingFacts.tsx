import type { Posting } from "@vam/shared";
import BadgeCheck from "lucide-react/icons/badge-check";
import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import GraduationCap from "lucide-react/icons/graduation-cap";
import MonitorSmartphone from "lucide-react/icons/monitor-smartphone";
import { DetailList } from "../../components/DetailList";
import { CardSection } from "../../components/CardSection";

/** Details (hours, days, work setup) and Additional Info (school, verified). */
export function PostingFacts({ posting }: { posting: Posting }) {
  const { postDetail } = posting;
  return (
    <>
      <CardSection title="Details">
        <DetailList
          details={[
            { icon: Clock, label: "Hours", value: postDetail.size || "N/A" },
            { icon: CalendarDays, label: "Days available", value: posting.days || "N/A" },
            { icon: MonitorSmartphone, label: "Work setup", value: posting.bathroom || "N/A" },
          ]}
        />
      </CardSection>
      <CardSection title="Additional Info">
        <DetailList
          details={[
            { icon: GraduationCap, label: "Graduated from", value: postDetail.school || "N/A" },
            { icon: BadgeCheck, label: "Verified", value: postDetail.restaurant === 1 ? "Yes" : "No" },
          ]}
        />
      </CardSection>
    </>
  );
}
