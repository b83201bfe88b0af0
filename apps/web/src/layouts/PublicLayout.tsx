import { Outlet } from "react-router";
import { AppFrame } from "./AppFrame";
import { VerifyEmailNotice } from "../features/account/public";

export function PublicLayout() {
  return (
    <AppFrame>
      <VerifyEmailNotice />
      <Outlet />
    </AppFrame>
  );
}
