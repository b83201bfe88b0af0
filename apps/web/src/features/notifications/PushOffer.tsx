import { PUSH_MSG } from "@vam/shared";
import BellRing from "lucide-react/icons/bell-ring";
import { useEffect, useId, useRef, useState } from "react";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { NotificationIntent } from "./notifications-data";
import { askPushPermission, readDevicePushState } from "./push-device";
import { offerAnswered, rememberPushAnswer } from "./push-offer-answer";
import { pageHref, NOTIFICATIONS_PAGE } from "../../lib/page-routes";

/** The notifications page's route, whose action registers this device (`pushOnHere`). */
const NOTIFICATIONS_ROUTE = pageHref(NOTIFICATIONS_PAGE, {});

/** checking: the browser's state is being read; hidden: nothing to offer here. */
type Stage = "checking" | "hidden" | "offer" | "on" | "later" | "blocked";

const STATUS: Partial<Record<Stage, string>> = {
  on: PUSH_MSG.stateOn,
  later: PUSH_MSG.offerLater,
  blocked: PUSH_MSG.stateBlocked,
};

/**
 * Issue 33's "after their first booking" (decision 0024): the notifications page's "turn on" for
 * this device, offered on the booking's last step. Only where the browser can push, its permission
 * is not refused and it has no subscription yet; once turned on or dismissed here, never again on
 * this device. The permission is asked in the press; the notifications route's action then reads
 * the server's key, subscribes the browser and registers it (nothing is read before the press).
 */
export function PushOffer({ firstName }: { firstName: string }) {
  const [stage, setStage] = useState<Stage>(() => (offerAnswered() ? "hidden" : "checking"));
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useActionFetcher(NOTIFICATIONS_ROUTE);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The browser's own state (no request to our server): offered only to a device that can and is not subscribed.
  useEffect(() => {
    if (stage !== "checking") return;
    let current = true;
    readDevicePushState().then(
      (state) => {
        if (current) setStage(state === "off" ? "offer" : "hidden");
      },
      () => {
        if (current) setStage("hidden");
      },
    );
    return () => {
      current = false;
    };
  }, [stage]);

  /** The buttons go: focus stays in the region, whose status is read out. */
  const settle = (next: Stage) => {
    setStage(next);
    queueMicrotask(() => heading.current?.focus());
  };

  useActionAnswer(save.result, (answer) => {
    if (!answer.ok) return;
    rememberPushAnswer("subscribed");
    settle("on");
  });

  const turnOn = async () => {
    setProblem(null);
    setWorking(true);
    try {
      const permission = await askPushPermission();
      if (permission === "blocked") {
        rememberPushAnswer("dismissed");
        settle("blocked");
      } else if (permission === "dismissed") setProblem(PUSH_MSG.permissionDismissed);
      else await save.submit({ intent: "pushOnHere" } satisfies NotificationIntent);
    } catch {
      setProblem(PUSH_MSG.turnOnFailed);
    } finally {
      setWorking(false);
    }
  };

  const dismiss = () => {
    rememberPushAnswer("dismissed");
    settle("later");
  };

  if (stage === "checking" || stage === "hidden") return null;
  const busy = working || save.busy;
  const error = busy || stage !== "offer" ? null : (problem ?? save.error);
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-md space-y-3 rounded-lg border border-slate-700 bg-slate-900/60 p-4 text-left">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold text-white">
        <BellRing aria-hidden="true" className="size-5 text-teal-400" />
        {PUSH_MSG.offerTitle}
      </h3>
      {stage === "offer" && <p className="text-sm text-slate-300">{PUSH_MSG.offer(firstName)}</p>}
      <p role="status" className="text-sm text-slate-300">
        {STATUS[stage] ?? ""}
      </p>
      {stage === "offer" && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" aria-busy={busy} disabled={busy} onClick={() => void turnOn()}>
            {PUSH_MSG.turnOn}
          </button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={dismiss}>
            {PUSH_MSG.offerNotNow}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {error}
        </p>
      )}
    </section>
  );
}
