import { formatPeso, type AdminStats } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import Activity from "lucide-react/icons/activity";
import Banknote from "lucide-react/icons/banknote";
import CalendarCheck from "lucide-react/icons/calendar-check";
import Clock from "lucide-react/icons/clock";
import Gift from "lucide-react/icons/gift";
import Headset from "lucide-react/icons/headset";
import UsersRound from "lucide-react/icons/users-round";
import { Suspense, type ReactNode } from "react";
import { Await, Link, useLoaderData } from "react-router";
import { AdminLoadFailed, AdminLoading } from "./AdminStates";
import { AdminPageHeader } from "./AdminPageHeader";
import { StatsChart } from "./StatsChart";
import type { adminStatsLoader } from "./admin-loaders";

const whole = new Intl.NumberFormat("en-PH");

export default function AdminDashboardPage() {
  const { stats } = useLoaderData<typeof adminStatsLoader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Dashboard" description="The figures of the business." />
      <Suspense fallback={<AdminLoading />}>
        <Await resolve={stats} errorElement={<AdminLoadFailed />}>
          {(loaded: AdminStats) => <Dashboard stats={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

function Dashboard({ stats }: { stats: AdminStats }) {
  const { totals, rewards, activeUsers, weeks } = stats;
  return (
    <>
      <section aria-labelledby="admin-totals">
        <h2 id="admin-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Tile icon={UsersRound} label="Users" value={whole.format(totals.users)} />
          <Tile icon={Headset} label="Assistants" value={whole.format(totals.assistants)} />
          <Tile icon={CalendarCheck} label="Bookings" value={whole.format(totals.bookings)} />
          <Tile
            icon={Clock}
            label="Payments waiting"
            value={whole.format(totals.paymentsWaiting)}
            detail={
              <Link to="/admin/payments" className="link">
                Verify payments
              </Link>
            }
          />
          <Tile icon={Banknote} label="Pesos paid" value={formatPeso(totals.pesosPaid)} />
          <Tile icon={Gift} label="Referral rewards paid" value={whole.format(rewards.count)} detail={`${formatPeso(rewards.pesos)} in all`} />
          <Tile icon={Activity} label="Active users, 7 days" value={whole.format(activeUsers.last7Days)} />
          <Tile icon={Activity} label="Active users, 30 days" value={whole.format(activeUsers.last30Days)} />
        </dl>
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <StatsChart title="Bookings per week" measure="count" weeks={weeks} />
        <StatsChart title="Pesos per week" measure="pesos" weeks={weeks} />
      </div>
    </>
  );
}

function Tile({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="card flex min-w-0 flex-col gap-1 p-4">
      <dt className="flex items-center gap-2 text-sm text-slate-400">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-teal-400" />
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className="text-2xl font-bold tracking-tight break-words text-white">{value}</dd>
      {detail && <dd className="text-sm text-slate-300">{detail}</dd>}
    </div>
  );
}
