import type { AccountSession } from "@vam/shared";
import LogOut from "lucide-react/icons/log-out";
import MonitorSmartphone from "lucide-react/icons/monitor-smartphone";
import { useRevalidator } from "react-router";
import { CardSection } from "../../components/CardSection";
import { InlineLoadFailed } from "../../components/LoadFailed";
import { Spinner } from "../../components/Spinner";
import { formatDate } from "../../lib/format";
import type { Result } from "../../lib/result";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useNow } from "../../lib/useNow";
import { relativeTime } from "../notifications/public";
import type { SettingsChange } from "./account-data";
import { lastSeenText, signOutName, sortedDevices } from "./devices";

/** "Signed-in devices": each browser signed in to the account, and signing out any other one, or all of them. */
export function DevicesSection({ sessions }: { sessions: Result<AccountSession[]> }) {
  const others = useActionFetcher<string>();
  const { revalidate } = useRevalidator();
  const now = useNow(60_000);
  const devices = sessions.ok ? sortedDevices(sessions.data) : [];
  const hasOthers = devices.some((device) => !device.current);

  return (
    <CardSection
      title={
        <>
          <MonitorSmartphone aria-hidden="true" className="size-5 text-teal-400" />
          Signed-in devices
        </>
      }
    >
      {!sessions.ok ? (
        <InlineLoadFailed message={sessions.message} onRetry={() => void revalidate()} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-400">Browsers where your account is signed in now.</p>
          <ul aria-label="Signed-in devices" className="divide-y divide-slate-800 rounded-lg border border-slate-800">
            {devices.map((device) => (
              <DeviceRow key={device.id} device={device} lastSeen={lastSeenText(relativeTime(device.lastSeenAt, now))} others={devices} />
            ))}
          </ul>
          <button
            type="button"
            className="btn-secondary w-full sm:w-auto"
            disabled={!hasOthers || others.busy}
            aria-busy={others.busy}
            onClick={() => void others.submit({ intent: "signOutOthers" } satisfies SettingsChange)}
          >
            {others.busy ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" className="size-4" />}
            Sign out everywhere else
          </button>
        </div>
      )}
    </CardSection>
  );
}

function DeviceRow({ device, lastSeen, others }: { device: AccountSession; lastSeen: string; others: readonly AccountSession[] }) {
  const signOut = useActionFetcher<string>();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1 basis-56 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-100">
          {device.browser}
          {device.current && (
            <span className="rounded-full bg-teal-500/15 px-2.5 py-0.5 text-xs font-semibold text-teal-300 ring-1 ring-teal-500/40">This device</span>
          )}
        </p>
        <p className="text-sm text-slate-400">
          Last seen {lastSeen} · Signed in {formatDate(device.createdAt)}
        </p>
      </div>
      {!device.current && (
        <button
          type="button"
          className="btn-ghost px-3 py-1.5 text-rose-300 hover:text-rose-200"
          aria-label={signOutName(device, others, lastSeen)}
          aria-busy={signOut.busy}
          disabled={signOut.busy}
          onClick={() => void signOut.submit({ intent: "signOut", id: device.id } satisfies SettingsChange, "delete")}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      )}
    </li>
  );
}
