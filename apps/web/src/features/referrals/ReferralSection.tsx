import { REFERRAL_REWARD, displayedEarnings, formatPeso, type ReferralOverview } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import Gift from "lucide-react/icons/gift";
import Users from "lucide-react/icons/users";
import Wallet from "lucide-react/icons/wallet";
import { CardSection } from "../../components/CardSection";
import { ReferralLinkBox } from "./ReferralLinkBox";
import { ReferralList } from "./ReferralList";

interface ReferralSectionProps {
  referralCode: string;
  /** null when it could not be loaded. */
  overview: ReferralOverview | null;
}

/** The profile's referral program: stats, the share link and the people referred. */
export function ReferralSection({ referralCode, overview }: ReferralSectionProps) {
  const bookedHours = overview?.referrals.reduce((sum, referral) => sum + referral.bookingHours, 0) ?? 0;
  return (
    <CardSection
      title={
        <>
          <Gift aria-hidden="true" className="size-5 text-teal-400" />
          Referral Program
        </>
      }
    >
      <div className="space-y-6">
        <p className="text-sm text-slate-400">
          Invite people with your link. Each booking they complete earns you {formatPeso(REFERRAL_REWARD.underFullDay)}, or{" "}
          {formatPeso(REFERRAL_REWARD.fullDay)} for a full day.
        </p>
        {overview && (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Stat icon={Users} label="Total referrals" value={String(overview.stats.totalReferrals)} />
            <Stat icon={Wallet} label="Earnings" value={formatPeso(displayedEarnings(bookedHours, overview.stats.earnings))} />
          </dl>
        )}
        {referralCode && <ReferralLinkBox referralCode={referralCode} />}
        <div className="space-y-3">
          <h3 className="font-semibold text-white">Your referrals</h3>
          {overview ? (
            <ReferralList referrals={overview.referrals} />
          ) : (
            <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
              Referral details could not be loaded
            </p>
          )}
        </div>
      </div>
    </CardSection>
  );
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    // A group of a <dl> holds only its <dt> and <dd>: the icon sits inside the <dt>, drawn at the group's left.
    <div className="relative flex min-h-[4.75rem] flex-col justify-center rounded-xl border border-slate-800 bg-slate-950/40 py-4 pr-4 pl-19">
      <dt className="text-sm text-slate-400">
        <span className="absolute top-1/2 left-4 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-teal-500/15 text-teal-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-bold text-white">{value}</dd>
    </div>
  );
}
