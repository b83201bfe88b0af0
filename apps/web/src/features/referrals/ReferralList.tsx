import type { ReferralItem } from "@vam/shared";
import { UserAvatar } from "../../components/UserAvatar";

const STATUS_LOOK: Record<ReferralItem["status"], string> = {
  pending: "bg-amber-500/15 text-amber-300 ring-amber-500/40",
  active: "bg-teal-500/15 text-teal-300 ring-teal-500/40",
};

const bookingHours = (count: number) => `${count} booking hour${count === 1 ? "" : "s"}`;

/** The people who registered with the user's code. */
export function ReferralList({ referrals }: { referrals: ReferralItem[] }) {
  if (referrals.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-700 px-4 py-6 text-center text-sm text-slate-400">
        No referrals yet. Share your link to start earning.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
      {referrals.map((referral) => (
        <li key={referral.id} className="flex items-center gap-3 px-4 py-3">
          <UserAvatar src={referral.avatar} alt="" className="size-10" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-white">{referral.name}</p>
            <p className="text-xs text-slate-400">
              {referral.role} · {bookingHours(referral.bookingHours)}
            </p>
          </div>
          {/* The status is shown as it comes, lowercase, and is also the badge's class (spec). */}
          <span
            className={`${referral.status} shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_LOOK[referral.status] ?? ""}`}
          >
            {referral.status}
          </span>
        </li>
      ))}
    </ul>
  );
}
