import { Outlet } from "react-router";
import { AppFrame } from "./AppFrame";

export function PublicLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
