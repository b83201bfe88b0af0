import { MSG } from "@vam/shared";
import MailWarning from "lucide-react/icons/mail-warning";
import { ResendLinkButton } from "./ResendLinkButton";

/**
 * Above every page of a signed-in user whose address is not verified yet: what to do, and the link
 * again. Loaded only for them (layouts/ProtectedLayout), so that nobody else's first page carries it.
 */
export default function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <div className="border-b border-amber-500/30 bg-amber-500/10">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <p className="flex min-w-0 flex-1 basis-64 items-start gap-2 text-sm text-amber-100">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <span className="min-w-0 break-words">{MSG.verifyEmailBanner(email)}</span>
        </p>
        <ResendLinkButton className="btn-secondary px-3 py-1.5" />
      </div>
    </div>
  );
}
