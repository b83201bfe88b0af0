import { MSG, type SelfUser } from "@vam/shared";
import BadgeCheck from "lucide-react/icons/badge-check";
import Mail from "lucide-react/icons/mail";
import MailWarning from "lucide-react/icons/mail-warning";
import Pencil from "lucide-react/icons/pencil";
import { Link } from "react-router";
import { CardSection } from "../../components/CardSection";
import { ResendLinkButton } from "./ResendLinkButton";
import { pageHref, PROFILE_UPDATE_PAGE } from "../../lib/page-routes";

/** The account's address, whether it is verified, and a new one waiting for its link. Changing it is the profile form's. */
export function EmailAddressSection({ user }: { user: Pick<SelfUser, "email" | "emailVerified" | "pendingEmail"> }) {
  const waiting = !user.emailVerified || user.pendingEmail !== null;
  return (
    <CardSection
      title={
        <>
          <Mail aria-hidden="true" className="size-5 text-teal-400" />
          Email address
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="min-w-0 font-medium break-all text-slate-100">{user.email}</p>
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-teal-500/15 px-2.5 py-0.5 text-xs font-semibold text-teal-300 ring-1 ring-teal-500/40">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-semibold text-amber-200 ring-1 ring-amber-500/40">
              <MailWarning aria-hidden="true" className="size-3.5" />
              Not verified
            </span>
          )}
        </div>
        {!user.emailVerified && <p className="text-sm text-slate-300">Open the link we sent to this address to verify it.</p>}
        {user.pendingEmail && <p className="text-sm break-words text-slate-300">{MSG.emailChangePending(user.pendingEmail)}</p>}
        <div className="flex flex-wrap gap-3">
          {waiting && <ResendLinkButton />}
          <Link to={pageHref(PROFILE_UPDATE_PAGE, {})} className="btn-ghost">
            <Pencil aria-hidden="true" className="size-4" />
            Change email address
          </Link>
        </div>
      </div>
    </CardSection>
  );
}
