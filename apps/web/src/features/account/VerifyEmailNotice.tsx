import { Suspense, lazy } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../auth/public";
import { pageHref, VERIFY_EMAIL_PAGE } from "../../lib/page-routes";

// Only people whose address is not verified see the banner: nobody else's pages carry its code.
const VerifyEmailBanner = lazy(() => import("./VerifyEmailBanner"));

/**
 * The verify-email banner above every page of a signed-in user whose address is not verified,
 * public pages included (/profile/list is where signing in leads). Not on /verify-email, which
 * verifies the address itself.
 */
export function VerifyEmailNotice() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // Once the server has confirmed the session (a stored user may be out of date).
  if (user?.emailVerified !== false || pathname === pageHref(VERIFY_EMAIL_PAGE, {})) return null;
  return (
    <Suspense>
      <VerifyEmailBanner email={user.email} />
    </Suspense>
  );
}
