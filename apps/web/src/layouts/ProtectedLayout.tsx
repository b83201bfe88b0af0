import { Navigate, Outlet, useFetcher, useLocation } from "react-router";
import { DELETE_ACCOUNT_FETCHER } from "../features/account/account-routes";
import { loginLink, useAuth } from "../features/auth/auth-context";
import { AppFrame } from "./AppFrame";
import { LoadingFallback } from "./LoadingFallback";
import { VerifyEmailNotice } from "./VerifyEmailNotice";

export function ProtectedLayout() {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Deleting the account ends its sessions before the answer that leads home arrives: meanwhile the
  // page waits (and this layout keeps the write alive) instead of leading to /login.
  const deleting = useFetcher({ key: DELETE_ACCOUNT_FETCHER }).state !== "idle";
  if (loading || (!user && deleting)) return <AppFrame>{<LoadingFallback />}</AppFrame>;
  // Signing in then leads back here (the link of an email, a page whose session ended).
  if (!user) return <AppFrame>{<Navigate to={loginLink(location)} replace />}</AppFrame>;
  return (
    <AppFrame>
      <VerifyEmailNotice />
      <Outlet />
    </AppFrame>
  );
}
