import BellOff from "lucide-react/icons/bell-off";
import BellRing from "lucide-react/icons/bell-ring";
import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import { Spinner } from "../../components/Spinner";
import { LinkCard } from "./LinkCard";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import type { EmailSwitched, unsubscribeLoader } from "./account-data";

/**
 * /unsubscribe?u=&k=&t=: the link at the foot of every email, no sign-in needed. The loader stops
 * that kind of email as the page opens; the page offers to turn it back on (and off again).
 */
export default function UnsubscribePage() {
  useDocumentTitle("Email settings");
  const loaded = useLoaderData<typeof unsubscribeLoader>();
  const change = useActionFetcher<EmailSwitched>();
  // The last answer: the page's own change once there is one, else what opening the link did.
  const shown = change.result ?? loaded;
  // Whether that kind of email is sent now: a refused change keeps the last state that worked.
  const [on, setOn] = useState(loaded.ok && loaded.data.on);
  useActionAnswer(change.result, (answer) => {
    if (answer.ok) setOn(answer.data.on);
  });

  return (
    <LinkCard title="Email settings" outcome={shown.ok ? { ok: true, message: shown.data.message } : shown}>
      {loaded.ok && (
        <button type="button" className="btn-primary" disabled={change.busy} aria-busy={change.busy} onClick={() => void change.submit({ on: !on })}>
          {change.busy ? (
            <Spinner className="size-4 text-slate-950" />
          ) : on ? (
            <BellOff aria-hidden="true" className="size-4" />
          ) : (
            <BellRing aria-hidden="true" className="size-4" />
          )}
          {on ? "Turn them off again" : "Turn them back on"}
        </button>
      )}
      <Link to="/settings" className="btn-ghost">
        All email settings
      </Link>
    </LinkCard>
  );
}
