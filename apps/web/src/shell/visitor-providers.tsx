import type { ReactNode } from "react";
import { AuthContext, type AuthContextValue } from "../features/auth/auth-context";
import { MusicContext, type MusicControls } from "../features/music/music-context";
import { NotificationsContext, type NotificationStore } from "../features/notifications/notifications-context";

/** The visitor's session: what the first render shows to whoever has no stored session. */
const VISITOR: AuthContextValue = {
  user: null,
  token: null,
  loading: false,
  logout: async () => {},
  setUser: () => {},
};
const NO_NOTIFICATIONS: NotificationStore = { unread: 0, countFailed: false };
const MUSIC_PAUSED: MusicControls = { playing: false, toggle: () => {} };

/**
 * The app's contexts as a signed-out visitor has them, for what the build renders ahead of any
 * script: the page shells (decision 0021) and the offline page (decision 0023).
 */
export function VisitorProviders({ children }: { children: ReactNode }) {
  return (
    <AuthContext value={VISITOR}>
      <NotificationsContext value={NO_NOTIFICATIONS}>
        <MusicContext value={MUSIC_PAUSED}>{children}</MusicContext>
      </NotificationsContext>
    </AuthContext>
  );
}
