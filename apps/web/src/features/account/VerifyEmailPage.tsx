import { useEffect } from "react";
import { Link, useLoaderData } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useAuth } from "../auth/public";
import { LinkCard } from "./LinkCard";
import { ResendLinkButton } from "./ResendLinkButton";
import type { verifyEmailLoader } from "./account-data";
import { pageHref, LOGIN_PAGE, SETTINGS_PAGE } from "../../lib/page-routes";

/**
 * /verify-email?token=...: the emailed link, used once by the loader as the page opens, signed in or
 * not. Signed in, the session takes the verified address (the banner goes); a link that did not work
 * offers a new one to whoever is signed in.
 */
export default function VerifyEmailPage() {
  useDocumentTitle("Verify your email address");
  const answer = useLoaderData<typeof verifyEmailLoader>();
  const { user, setUser } = useAuth();
  const verifiedUser = answer.ok ? answer.data.user : null;

  // The session's user as the server now has it (verified, maybe a new address).
  useEffect(() => {
    if (verifiedUser) setUser(verifiedUser);
  }, [verifiedUser, setUser]);

  return (
    <LinkCard title="Verify your email address" outcome={answer.ok ? { ok: true, message: answer.data.message } : answer}>
      {!answer.ok && user && <ResendLinkButton className="btn-primary" />}
      {user ? (
        <Link to={pageHref(SETTINGS_PAGE, {})} className={answer.ok ? "btn-primary" : "btn-ghost"}>
          Account settings
        </Link>
      ) : (
        <Link to={pageHref(LOGIN_PAGE, {})} className="btn-primary">
          Log in
        </Link>
      )}
    </LinkCard>
  );
}
