import { Outlet, useLoaderData } from "react-router";
import { AuthProvider } from "../features/auth/public";
import { MusicProvider } from "../features/music/public";
import { NotificationsProvider } from "../features/notifications/public";
import { RealtimeProvider } from "../features/realtime/public";
import { DeferredToaster } from "./DeferredToaster";
import type { RootData } from "./root-loader";

/** The root route's element: the session (from the root loader) and what lives as long as the app, around every page. */
export function AppRoot() {
  const { session, unread } = useLoaderData<RootData>();
  return (
    <AuthProvider session={session}>
      <RealtimeProvider>
        <NotificationsProvider unread={unread}>
          <MusicProvider>
            <Outlet />
            <DeferredToaster />
          </MusicProvider>
        </NotificationsProvider>
      </RealtimeProvider>
    </AuthProvider>
  );
}
