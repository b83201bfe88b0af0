import { useLoaderData } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useAuth } from "../auth/public";
import { DataSection } from "./DataSection";
import { DeleteAccountSection } from "./DeleteAccountSection";
import { DevicesSection } from "./DevicesSection";
import { EmailAddressSection } from "./EmailAddressSection";
import { EmailSettingsSection } from "./EmailSettingsSection";
import { PasswordSection } from "./PasswordSection";
import { PayoutAccountSection } from "./PayoutAccountSection";
import { TimeZoneSection } from "./TimeZoneSection";
import type { settingsLoader } from "./account-data";

/**
 * /settings (decisions.md, Accounts and email; Time zones): the address and its verification, the
 * password, the signed-in devices, one's time zone, which emails to get, where payouts and refunds
 * go, a copy of one's data, and deleting the account.
 */
export default function SettingsPage() {
  useDocumentTitle("Account settings");
  const { user } = useAuth();
  const { sessions, emailSettings, payoutAccount } = useLoaderData<typeof settingsLoader>();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-white">Account settings</h1>
        <p className="text-sm text-slate-400">Your sign-in, your devices, your time zone, the emails you get and your data.</p>
      </div>
      <EmailAddressSection user={user} />
      <PasswordSection username={user.username} />
      <DevicesSection sessions={sessions} />
      <TimeZoneSection />
      <EmailSettingsSection settings={emailSettings} />
      <PayoutAccountSection payoutAccount={payoutAccount} />
      <DataSection username={user.username} />
      <DeleteAccountSection />
    </div>
  );
}
