import { PUSH_KIND_LABELS, PUSH_KINDS, PUSH_MSG, type PushKind } from "@vam/shared";
import BellRing from "lucide-react/icons/bell-ring";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { CardSection } from "../../components/CardSection";
import { InlineLoadFailed } from "../../components/LoadFailed";
import { Switch } from "../../components/Switch";
import type { Result } from "../../lib/result";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { NotificationIntent, PushSetup } from "./notifications-data";
import { rememberPushAnswer } from "./push-offer-answer";
import { readPushState, subscribeThisDevice, unsubscribeThisDevice, type PushState } from "./push-device";

const STATE_TEXT: Record<Exclude<PushState, "checking">, string> = {
  on: PUSH_MSG.stateOn,
  off: PUSH_MSG.stateOff,
  blocked: PUSH_MSG.stateBlocked,
  unsupported: PUSH_MSG.stateUnsupported,
};

/**
 * Web push on the notifications page (decision 0024), headed "Alerts on this device" (a heading
 * without the word "Notifications", the page's own): turns push notifications on for this device
 * (the browser's permission, a subscription made with the server's key, sent to the server) or
 * off, and switches each kind for all the account's devices. The state is the browser's (its
 * permission and subscription) checked against the devices the server knows.
 */
export function PushSection({ push }: { push: Result<PushSetup> }) {
  const { revalidate } = useRevalidator();
  return (
    <CardSection
      title={
        <>
          <BellRing aria-hidden="true" className="size-5 text-teal-400" />
          Alerts on this device
        </>
      }
    >
      {push.ok ? <PushControls setup={push.data} /> : <InlineLoadFailed message={push.message} onRetry={() => void revalidate()} />}
    </CardSection>
  );
}

function PushControls({ setup }: { setup: PushSetup }) {
  const save = useActionFetcher();
  const [state, setState] = useState<PushState>("checking");
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The browser's state, read again whenever the server's list of devices changes (after each write).
  const endpointsKey = setup.endpoints.join("\n");
  useEffect(() => {
    let current = true;
    readPushState(endpointsKey ? endpointsKey.split("\n") : []).then(
      (read) => {
        if (current) setState(read);
      },
      () => {
        if (current) setState("unsupported");
      },
    );
    return () => {
      current = false;
    };
  }, [endpointsKey]);

  const submit = (intent: NotificationIntent) => save.submit(intent, intent.intent === "pushOff" ? "delete" : "post");

  const turnOn = async () => {
    setProblem(null);
    setWorking(true);
    try {
      const made = await subscribeThisDevice(setup.publicKey);
      if ("refused" in made) {
        if (made.refused === "blocked") setState("blocked");
        else setProblem(PUSH_MSG.permissionDismissed);
        return;
      }
      await submit({ intent: "pushOn", subscription: made.subscription });
    } catch {
      setProblem(PUSH_MSG.turnOnFailed);
    } finally {
      setWorking(false);
    }
  };

  const turnOff = async () => {
    setProblem(null);
    setWorking(true);
    try {
      const endpoint = await unsubscribeThisDevice();
      // Turned off by choice: the offer after a booking does not ask this device again.
      rememberPushAnswer("dismissed");
      if (endpoint) await submit({ intent: "pushOff", endpoint });
      else setState("off");
    } catch {
      setProblem(PUSH_MSG.turnOffFailed);
    } finally {
      setWorking(false);
    }
  };

  const busy = working || save.busy;
  const error = busy ? null : (problem ?? save.error);
  return (
    <div className="space-y-4">
      <p aria-live="polite" className="text-sm text-slate-400">
        {state === "checking" ? "" : STATE_TEXT[state]}
      </p>
      {(state === "off" || state === "on") && (
        <button
          type="button"
          className={state === "on" ? "btn-secondary" : "btn-primary"}
          aria-busy={busy}
          disabled={busy}
          onClick={() => void (state === "on" ? turnOff() : turnOn())}
        >
          {state === "on" ? PUSH_MSG.turnOff : PUSH_MSG.turnOn}
        </button>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          {error}
        </p>
      )}
      <ul aria-label="Push notifications we send" className="divide-y divide-slate-800 rounded-lg border border-slate-800">
        {PUSH_KINDS.map((kind) => (
          <li key={kind} className="px-4 py-3">
            <KindSwitch kind={kind} on={setup.settings[kind]} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function KindSwitch({ kind, on }: { kind: PushKind; on: boolean }) {
  const save = useActionFetcher();
  // While the change is on its way the switch shows where it is going.
  const [asked, setAsked] = useState(on);
  return (
    <div>
      <Switch
        label={PUSH_KIND_LABELS[kind]}
        checked={save.busy ? asked : on}
        busy={save.busy}
        onChange={(checked) => {
          setAsked(checked);
          void save.submit({ intent: "pushKind", kind, on: checked } satisfies NotificationIntent, "put");
        }}
      />
      {save.error && !save.busy && (
        <p role="alert" className="mt-2 text-sm text-rose-300">
          {save.error}
        </p>
      )}
    </div>
  );
}
