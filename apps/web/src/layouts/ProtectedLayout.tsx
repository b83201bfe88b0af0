import { Navigate, Outlet, useFetcher, useLocation } from "react-router";
import { DELETE_ACCOUNT_FETCHER, VerifyEmailNotice } from "../features/account/public";
import { loginLink, useAuth } from "../features/auth/public";
import { AppFrame } from "./AppFrame";
import { PAGE_LOADING, PageLoading } from "../components/LoadingFallback";

export function ProtectedLayout() {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Deleting the account ends its sessions before the answer that leads home arrives: meanwhile the
  // page waits (and this layout keeps the write alive) instead of leading to /login.
  const deleting = useFetcher({ key: DELETE_ACCOUNT_FETCHER }).state !== "idle";
  // The page's own loading text in the page's place (as in its prerendered shell, decision 0021), by the first
  // part of its address (/bookings/42: "bookings"; /book/{id}: the consultant's), while the session is checked.
  const section = location.pathname.split("/")[1];
  if (loading || (!user && deleting))
    return (
      <AppFrame>
        <PageLoading label={PAGE_LOADING[section === "book" ? "consultant" : (section as keyof typeof PAGE_LOADING)]} />
      </AppFrame>
    );
  // Signing in then leads back here (the link of an email, a page whose session ended).
  if (!user) return <AppFrame>{<Navigate to={loginLink(location)} replace />}</AppFrame>;
  return (
    <AppFrame>
      <VerifyEmailNotice />
      <Outlet />
    </AppFrame>
  );
}
