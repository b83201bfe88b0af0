import Headset from "lucide-react/icons/headset";
import House from "lucide-react/icons/house";
import Search from "lucide-react/icons/search";
import { Suspense, lazy } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useAuth } from "../features/auth/public";
import { MusicToggle } from "../features/music/public";
import { useNotifications } from "../features/notifications/public";
import { pageHref, HOME_PAGE, LOGIN_PAGE, PROFILE_LIST_PAGE, REGISTER_PAGE } from "../lib/page-routes";

// Only signed-in people have the account menu: visitors' first page does not carry its code.
const AccountMenu = lazy(() => import("./AccountMenu").then((module) => ({ default: module.AccountMenu })));

export function TopNav() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { unread: unreadCount } = useNotifications();
  const BrowseIcon = pathname === pageHref(HOME_PAGE, {}) ? Search : House;

  const onLogout = () => {
    // Leave the page first so that a protected page does not redirect to /login meanwhile.
    void navigate("/", { flushSync: true });
    void logout();
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        {/* Named by its text, which holds the words shown ("VA Marketplace", for screen readers only on phones). */}
        <Link to={pageHref(HOME_PAGE, {})} className="mr-auto flex items-center gap-2 rounded-lg font-bold text-white">
          <span className="grid size-9 place-items-center rounded-xl bg-teal-500 text-slate-950">
            <Headset aria-hidden="true" className="size-5" />
          </span>
          <span className="sr-only text-lg tracking-tight sm:not-sr-only">
            VA <span className="text-teal-400">Marketplace</span>
          </span>
          <span className="sr-only"> home</span>
        </Link>

        <Link to={pageHref(PROFILE_LIST_PAGE, {})} aria-label="Browse assistants" title="Browse assistants" className="btn-ghost p-2">
          <BrowseIcon aria-hidden="true" className="size-5" />
        </Link>
        <MusicToggle />

        {user ? (
          // Holds the avatar button's place (40 px) while its code arrives.
          <Suspense fallback={<span aria-hidden="true" className="block size-10 rounded-full bg-slate-800" />}>
            <AccountMenu user={user} unreadCount={unreadCount} onLogout={onLogout} />
          </Suspense>
        ) : (
          <div className="flex items-center gap-2">
            <Link to={pageHref(LOGIN_PAGE, {})} className="btn-ghost">
              Log in
            </Link>
            <Link to={pageHref(REGISTER_PAGE, {})} className="btn-primary">
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
