import type { ProfilePost } from "@vam/shared";
import { formatMonthYear } from "../../lib/format";
import { SkillList } from "./SkillList";

export function ProfileInfoTab({ post }: { post: ProfilePost }) {
  const details = [
    { label: "Response Time", value: post.responseTime || "Within 24 hours" },
    { label: "Member Since", value: formatMonthYear(post.memberSince) || "N/A" },
  ];
  return (
    <div className="space-y-5">
      <section>
        <h3 className="mb-2 font-semibold text-white">Skills</h3>
        <SkillList skills={post.skills} />
      </section>
      <section>
        <h3 className="mb-2 font-semibold text-white">Professional Details</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          {details.map(({ label, value }) => (
            <div key={label} className="rounded-lg border border-slate-800 px-3 py-2">
              <dt className="text-xs text-slate-400">{label}</dt>
              <dd className="text-sm text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
