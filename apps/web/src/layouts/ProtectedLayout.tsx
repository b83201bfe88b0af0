import { Suspense, lazy } from "react";
import { Navigate, Outlet, useFetcher } from "react-router";
import { DELETE_ACCOUNT_FETCHER } from "../features/account/account-routes";
import { useAuth } from "../features/auth/auth-context";
import { AppFrame } from "./AppFrame";
import { LoadingFallback } from "./LoadingFallback";

// Only people whose address is not verified see the banner: nobody else's pages carry its code.
const VerifyEmailBanner = lazy(() => import("../features/account/VerifyEmailBanner"));

export function ProtectedLayout() {
  const { user, loading } = useAuth();
  // Deleting the account ends its sessions before the answer that leads home arrives: meanwhile the
  // page waits (and this layout keeps the write alive) instead of leading to /login.
  const deleting = useFetcher({ key: DELETE_ACCOUNT_FETCHER }).state !== "idle";
  if (loading || (!user && deleting)) return <AppFrame>{<LoadingFallback />}</AppFrame>;
  if (!user) return <AppFrame>{<Navigate to="/login" replace />}</AppFrame>;
  return (
    <AppFrame>
      {/* Once the server has confirmed the session (a stored user may be out of date). */}
      {user.emailVerified === false && (
        <Suspense>
          <VerifyEmailBanner email={user.email} />
        </Suspense>
      )}
      <Outlet />
    </AppFrame>
  );
}
