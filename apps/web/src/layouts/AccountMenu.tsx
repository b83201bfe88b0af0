import { OPERATOR_ROLE, type SelfUser } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import Bell from "lucide-react/icons/bell";
import CalendarDays from "lucide-react/icons/calendar-days";
import LogOut from "lucide-react/icons/log-out";
import MessageSquare from "lucide-react/icons/message-square";
import Settings from "lucide-react/icons/settings";
import ShieldCheck from "lucide-react/icons/shield-check";
import UserRound from "lucide-react/icons/user-round";
import Wallet from "lucide-react/icons/wallet";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { UserAvatar } from "../components/UserAvatar";
import { onMenuKeyDown as onMenuKey } from "../components/menu-keys";
import { UnreadBadge, unreadText } from "./UnreadBadge";
import { pageHref, BOOKINGS_PAGE, CHAT_PAGE, EARNINGS_PAGE, MY_PROFILE_PAGE, NOTIFICATIONS_PAGE, SETTINGS_PAGE } from "../lib/page-routes";

interface AccountMenuProps {
  user: SelfUser;
  unreadCount: number;
  onLogout: () => void;
}

const ITEM_CLASS =
  "flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white focus:bg-slate-800 focus:text-white focus:outline-none";

/**
 * The avatar's account menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it on the
 * first entry (ArrowUp on the last), arrows, Home, End and a first letter move, Escape closes it
 * back onto the button, Tab or a click elsewhere closes it.
 */
export function AccountMenu({ user, unreadCount, onLogout }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  /** Which entry to focus once the menu shows. */
  const focusOnOpen = useRef<"first" | "last">("first");
  const menuId = useId();
  const headerId = useId();
  const unreadId = useId();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const openMenu = (focus: "first" | "last") => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const entries = items();
    (focusOnOpen.current === "first" ? entries[0] : entries.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Back and Forward leave the page too.
    const onPopState = () => setOpen(false);
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("popstate", onPopState);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openMenu(event.key === "ArrowDown" ? "first" : "last");
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => onMenuKey(event, items(), close);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={unreadCount > 0 ? unreadId : undefined}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        className="block rounded-full p-0.5 transition hover:ring-2 hover:ring-teal-400/60"
      >
        <UserAvatar src={user.avatar} alt="" className="size-9" />
      </button>
      {/* Beside the button rather than in it: the button's name is "Account menu", the count is its description. */}
      <UnreadBadge count={unreadCount} className="pointer-events-none absolute -top-1 -right-1" />
      {unreadCount > 0 && (
        <span id={unreadId} className="sr-only">
          {unreadText(unreadCount)}
        </span>
      )}

      <div
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 origin-top-right overflow-hidden rounded-xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/50"
      >
        <div id={headerId} className="border-b border-slate-800 px-4 py-3">
          <p className="truncate text-sm font-semibold text-white">{user.username}</p>
          <p className="truncate text-xs text-slate-400">{user.email}</p>
        </div>
        <ul ref={menuRef} id={menuId} role="menu" aria-label="Account" aria-describedby={headerId} className="py-1" onKeyDown={onMenuKeyDown}>
          <MenuLink to={pageHref(MY_PROFILE_PAGE, {})} icon={UserRound} label="Profile" onChoose={() => close(true)} />
          <MenuLink to={pageHref(CHAT_PAGE, {})} icon={MessageSquare} label="Messages" onChoose={() => close(true)} />
          <MenuLink to={pageHref(BOOKINGS_PAGE, {})} icon={CalendarDays} label="Bookings" onChoose={() => close(true)} />
          {user.role !== OPERATOR_ROLE && <MenuLink to={pageHref(EARNINGS_PAGE, {})} icon={Wallet} label="Earnings" onChoose={() => close(true)} />}
          <MenuLink to={pageHref(NOTIFICATIONS_PAGE, {})} icon={Bell} label="Notifications" badge={unreadCount} onChoose={() => close(true)} />
          <MenuLink to={pageHref(SETTINGS_PAGE, {})} icon={Settings} label="Settings" onChoose={() => close(true)} />
          {user.role === OPERATOR_ROLE && <MenuLink to="/admin" icon={ShieldCheck} label="Operator console" onChoose={() => close(true)} />}
          <li role="separator" className="my-1 border-t border-slate-800" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                onLogout();
              }}
              className={ITEM_CLASS}
            >
              <LogOut aria-hidden="true" className="size-4 text-slate-400" />
              Log out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

interface MenuLinkProps {
  to: string;
  icon: LucideIcon;
  label: string;
  badge?: number;
  onChoose: () => void;
}

function MenuLink({ to, icon: Icon, label, badge = 0, onChoose }: MenuLinkProps) {
  return (
    <li role="none">
      <Link to={to} role="menuitem" tabIndex={-1} onClick={onChoose} className={ITEM_CLASS}>
        <Icon aria-hidden="true" className="size-4 text-slate-400" />
        <span className="flex-1">
          {label}
          {/* Part of the entry's name: a menu holds only its entries. */}
          {badge > 0 && <span className="sr-only"> ({unreadText(badge)})</span>}
        </span>
        <UnreadBadge count={badge} />
      </Link>
    </li>
  );
}
