import { OPERATOR_ROLE } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import Banknote from "lucide-react/icons/banknote";
import BookOpenText from "lucide-react/icons/book-open-text";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import HandCoins from "lucide-react/icons/hand-coins";
import Headset from "lucide-react/icons/headset";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import LogOut from "lucide-react/icons/log-out";
import QrCode from "lucide-react/icons/qr-code";
import ScrollText from "lucide-react/icons/scroll-text";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import Star from "lucide-react/icons/star";
import Undo2 from "lucide-react/icons/undo-2";
import UsersRound from "lucide-react/icons/users-round";
import { useEffect, useRef } from "react";
import { Link, NavLink, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { loginLink, useAuth } from "../features/auth/public";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { AppFrame } from "./AppFrame";
import { LoadingFallback } from "../components/LoadingFallback";
import { NavigationProgress } from "./NavigationProgress";
import { SkipLink } from "./SkipLink";
import { pageHref, HOME_PAGE, PROFILE_LIST_PAGE } from "../lib/page-routes";

const SECTIONS: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/payments", label: "Payments", icon: Banknote },
  { to: "/admin/statements", label: "Statements", icon: FileSpreadsheet },
  { to: "/admin/payouts", label: "Payouts", icon: HandCoins },
  { to: "/admin/refunds", label: "Refunds", icon: Undo2 },
  { to: "/admin/ledger", label: "Ledger", icon: BookOpenText },
  { to: "/admin/payment-qr", label: "Payment QR code", icon: QrCode },
  { to: "/admin/users", label: "Users", icon: UsersRound },
  { to: "/admin/reviews", label: "Reviews", icon: Star },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
];

/** The operator console's frame: only operators get it; anyone else signed in is told they have no access. */
export function AdminLayout() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingFallback />;
  // Signing in then leads back to the console's page.
  if (!user) return <Navigate to={loginLink(location)} replace />;
  if (user.role !== OPERATOR_ROLE) return <NoAccess />;
  return <ConsoleFrame name={`${user.firstName} ${user.lastName}`.trim() || user.username} />;
}

export default AdminLayout;

function ConsoleFrame({ name }: { name: string }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sectionsRef = useRef<HTMLUListElement>(null);

  // On phones the sections scroll sideways: keep the current one in view.
  useEffect(() => {
    const list = sectionsRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    list.scrollLeft += box.left - listBox.left - (listBox.width - box.width) / 2;
  }, [pathname]);

  const onLogout = async () => {
    // Leave the console first, and wait until it is left: signed out while still on it, the
    // console would send the visitor to /login instead.
    await navigate(pageHref(HOME_PAGE, {}));
    await logout();
  };

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <NavigationProgress />
      <header className="sticky top-0 z-30 border-b border-slate-800/80 bg-slate-950/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 lg:px-6">
          <Link to={pageHref(HOME_PAGE, {})} className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-white">
            <span className="grid size-9 place-items-center rounded-xl bg-teal-500 text-slate-950">
              <Headset aria-hidden="true" className="size-5" />
            </span>
            {/* Named by its text, which holds the words shown ("VA Marketplace", for screen readers only on phones). */}
            <span className="sr-only text-lg tracking-tight md:not-sr-only">
              VA <span className="text-teal-400">Marketplace</span>
            </span>
            <span className="sr-only"> home</span>
          </Link>
          <span aria-hidden="true" className="hidden h-6 w-px bg-slate-700 md:block" />
          <p className="mr-auto truncate font-semibold text-slate-100">Operator console</p>
          <p className="hidden max-w-48 truncate text-sm text-slate-300 sm:block">
            <span className="sr-only">Signed in as </span>
            {name}
          </p>
          <button type="button" onClick={() => void onLogout()} className="btn-ghost shrink-0 px-3">
            <LogOut aria-hidden="true" className="size-4" />
            Log out
          </button>
        </div>
      </header>

      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row lg:gap-8 lg:px-6">
        {/* From lg a full-height column with its border; below, only its sticky bar (no box of its own). */}
        <div className="contents lg:block lg:w-56 lg:shrink-0 lg:border-r lg:border-slate-800">
          <nav
            aria-label="Operator console"
            className="sticky top-16 z-20 border-b border-slate-800 bg-slate-950/95 backdrop-blur lg:border-b-0 lg:bg-transparent lg:py-8 lg:pr-6 lg:backdrop-blur-none"
          >
            <p className="truncate px-4 pt-2 text-xs text-slate-400 sm:hidden">
              <span className="sr-only">Signed in as </span>
              {name}
            </p>
            <ul ref={sectionsRef} className="flex gap-1 overflow-x-auto px-4 py-2 lg:flex-col lg:overflow-visible lg:p-0">
              {SECTIONS.map(({ to, label, icon: Icon, end }) => (
                <li key={to} className="shrink-0">
                  <NavLink
                    to={to}
                    end={end}
                    className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-300 transition-colors hover:bg-slate-800 hover:text-white aria-[current=page]:bg-teal-500/15 aria-[current=page]:text-teal-300"
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 outline-none lg:px-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Signed in, but not an operator (the server refuses them too). */
function NoAccess() {
  useDocumentTitle("No access", "Operator console");
  return (
    <AppFrame>
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
        <span className="mb-4 grid size-14 place-items-center rounded-full bg-rose-500/15 text-rose-400">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold text-white">Operator console</h1>
        <p role="alert" className="mt-2 text-slate-300">
          You do not have access to the operator console
        </p>
        <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="btn-primary mt-6">
          Go to Search
        </Link>
      </div>
    </AppFrame>
  );
}
