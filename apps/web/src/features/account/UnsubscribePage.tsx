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
import { pageHref, SETTINGS_PAGE } from "../../lib/page-routes";

/**
 * /unsubscribe?u=&k=&t=: the link at the foot of every email, no sign-in needed. Opening it changes
 * nothing (mail scanners follow links): the loader only reads the link, and the Unsubscribe button
 * stops that kind of email; the page then offers to turn it back on (and off again).
 */
export default function UnsubscribePage() {
  useDocumentTitle("Email settings");
  const loaded = useLoaderData<typeof unsubscribeLoader>();
  const change = useActionFetcher<EmailSwitched>();
  // The last answer: the page's own change once there is one, else what the link is about.
  const shown = change.result ?? loaded;
  // Whether that kind of email is sent now: a refused change keeps the last state that worked.
  const [on, setOn] = useState(loaded.ok && loaded.data.on);
  // Whether the button has changed anything yet: until then, turning them off is "Unsubscribe".
  const [changed, setChanged] = useState(false);
  useActionAnswer(change.result, (answer) => {
    if (!answer.ok) return;
    setOn(answer.data.on);
    setChanged(true);
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
          {on ? (changed ? "Turn them off again" : "Unsubscribe") : "Turn them back on"}
        </button>
      )}
      <Link to={pageHref(SETTINGS_PAGE, {})} className="btn-ghost">
        All email settings
      </Link>
    </LinkCard>
  );
}
