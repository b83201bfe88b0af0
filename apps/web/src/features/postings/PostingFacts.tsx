import type { Posting } from "@vam/shared";
import { BadgeCheck, CalendarDays, Clock, GraduationCap, MonitorSmartphone } from "lucide-react";
import { DetailList } from "../../components/DetailList";

/** Details (hours, days, work setup) and Additional Info (school, verified). */
export function PostingFacts({ posting }: { posting: Posting }) {
  const { postDetail } = posting;
  return (
    <>
      <section aria-labelledby="details-heading" className="card p-6">
        <h2 id="details-heading" className="mb-4 font-semibold text-white">
          Details
        </h2>
        <DetailList
          details={[
            { icon: Clock, label: "Hours", value: postDetail.size || "N/A" },
            { icon: CalendarDays, label: "Days available", value: posting.days || "N/A" },
            { icon: MonitorSmartphone, label: "Work setup", value: posting.bathroom || "N/A" },
          ]}
        />
      </section>
      <section aria-labelledby="additional-heading" className="card p-6">
        <h2 id="additional-heading" className="mb-4 font-semibold text-white">
          Additional Info
        </h2>
        <DetailList
          details={[
            { icon: GraduationCap, label: "Graduated from", value: postDetail.school || "N/A" },
            { icon: BadgeCheck, label: "Verified", value: postDetail.restaurant === 1 ? "Yes" : "No" },
          ]}
        />
      </section>
    </>
  );
}
