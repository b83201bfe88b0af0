import { Navigate, Outlet } from "react-router";
import { useAuth } from "../features/auth/auth-context";
import { AppFrame } from "./AppFrame";
import { LoadingFallback } from "./LoadingFallback";

export function ProtectedLayout() {
  const { user, loading } = useAuth();
  return <AppFrame>{loading ? <LoadingFallback /> : user ? <Outlet /> : <Navigate to="/login" replace />}</AppFrame>;
}
