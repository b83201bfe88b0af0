import { Outlet } from "react-router";
import { AppFrame } from "./AppFrame";
import { VerifyEmailNotice } from "./VerifyEmailNotice";

export function PublicLayout() {
  return (
    <AppFrame>
      <VerifyEmailNotice />
      <Outlet />
    </AppFrame>
  );
}
