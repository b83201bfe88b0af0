import { EMAIL_KINDS, EMAIL_KIND_LABELS, type EmailKind, type EmailSettings } from "@vam/shared";
import Bell from "lucide-react/icons/bell";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { CardSection } from "../../components/CardSection";
import { InlineLoadFailed } from "../../components/LoadFailed";
import { Switch } from "../../components/Switch";
import type { Result } from "../../lib/result";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { SettingsChange } from "./account-data";

/**
 * "Email notifications": one switch per kind of email. A switch saves at once (that kind only) and
 * says so; until the answer it shows where it is going, and a refusal puts it back (the loader's value).
 * Account emails (a password reset, an address to verify) always go out.
 */
export function EmailSettingsSection({ settings }: { settings: Result<EmailSettings> }) {
  const { revalidate } = useRevalidator();
  return (
    <CardSection
      title={
        <>
          <Bell aria-hidden="true" className="size-5 text-teal-400" />
          Email notifications
        </>
      }
    >
      {!settings.ok ? (
        <InlineLoadFailed message={settings.message} onRetry={() => void revalidate()} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-400">Choose which emails we send you. Emails about your password and address always go out.</p>
          <ul aria-label="Emails we send you" className="divide-y divide-slate-800 rounded-lg border border-slate-800">
            {EMAIL_KINDS.map((kind) => (
              <li key={kind} className="px-4 py-3">
                <EmailSwitch kind={kind} on={settings.data[kind]} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </CardSection>
  );
}

function EmailSwitch({ kind, on }: { kind: EmailKind; on: boolean }) {
  const save = useActionFetcher<string>();
  // While the change is on its way the switch shows where it is going.
  const [asked, setAsked] = useState(on);
  return (
    <Switch
      label={EMAIL_KIND_LABELS[kind]}
      checked={save.busy ? asked : on}
      busy={save.busy}
      onChange={(checked) => {
        setAsked(checked);
        void save.submit({ intent: "email", kind, on: checked } satisfies SettingsChange, "put");
      }}
    />
  );
}
