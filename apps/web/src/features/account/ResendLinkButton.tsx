import Send from "lucide-react/icons/send";
import { Spinner } from "../../components/Spinner";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { RESEND_VERIFICATION_ACTION } from "./account-routes";

/** "Resend link": the verification link again (its data route says what happened in a toast). */
export function ResendLinkButton({ className = "btn-secondary" }: { className?: string }) {
  const resend = useActionFetcher<string>(RESEND_VERIFICATION_ACTION);
  return (
    <button type="button" className={className} disabled={resend.busy} aria-busy={resend.busy} onClick={() => void resend.submit({})}>
      {resend.busy ? <Spinner className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
      Resend link
    </button>
  );
}
