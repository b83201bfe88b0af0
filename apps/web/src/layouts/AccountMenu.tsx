import { OPERATOR_ROLE, type SelfUser } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import Bell from "lucide-react/icons/bell";
import CalendarDays from "lucide-react/icons/calendar-days";
import LogOut from "lucide-react/icons/log-out";
import MessageSquare from "lucide-react/icons/message-square";
import ShieldCheck from "lucide-react/icons/shield-check";
import UserRound from "lucide-react/icons/user-round";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { UserAvatar } from "../components/UserAvatar";
import { UnreadBadge, unreadText } from "./UnreadBadge";

interface AccountMenuProps {
  user: SelfUser;
  unreadCount: number;
  onLogout: () => void;
}

export function AccountMenu({ user, unreadCount, onLogout }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const unreadId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Back and Forward leave the page too.
    const onPopState = () => setOpen(false);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("popstate", onPopState);
    };
  }, [open]);

  return (
    <div
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account menu"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={unreadCount > 0 ? unreadId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-full p-0.5 transition hover:ring-2 hover:ring-teal-400/60"
      >
        <UserAvatar src={user.avatar} alt="" className="size-9" />
        <UnreadBadge count={unreadCount} className="absolute -top-1 -right-1" />
      </button>
      {unreadCount > 0 && (
        <span id={unreadId} className="sr-only">
          {unreadText(unreadCount)}
        </span>
      )}

      <nav
        id={menuId}
        aria-label="Account"
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 origin-top-right overflow-hidden rounded-xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/50"
      >
        <div className="border-b border-slate-800 px-4 py-3">
          <p className="truncate text-sm font-semibold text-white">{user.username}</p>
          <p className="truncate text-xs text-slate-400">{user.email}</p>
        </div>
        {/* Following any of the links closes the menu (the click bubbles up from the link). */}
        <ul className="py-1" onClick={() => setOpen(false)}>
          <MenuLink to="/profile" icon={UserRound} label="Profile" />
          <MenuLink to="/chat" icon={MessageSquare} label="Messages" />
          <MenuLink to="/bookings" icon={CalendarDays} label="Bookings" />
          <MenuLink to="/notifications" icon={Bell} label="Notifications" badge={unreadCount} />
          {user.role === OPERATOR_ROLE && <MenuLink to="/admin" icon={ShieldCheck} label="Operator console" />}
        </ul>
        <div className="border-t border-slate-800 py-1">
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            className="flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white"
          >
            <LogOut aria-hidden="true" className="size-4 text-slate-400" />
            Log out
          </button>
        </div>
      </nav>
    </div>
  );
}

function MenuLink({ to, icon: Icon, label, badge = 0 }: { to: string; icon: LucideIcon; label: string; badge?: number }) {
  const badgeId = useId();
  return (
    <li>
      <Link
        to={to}
        aria-describedby={badge > 0 ? badgeId : undefined}
        className="flex items-center gap-3 px-4 py-2 text-sm text-slate-200 hover:bg-slate-800 hover:text-white"
      >
        <Icon aria-hidden="true" className="size-4 text-slate-400" />
        <span className="flex-1">{label}</span>
        <UnreadBadge count={badge} />
      </Link>
      {badge > 0 && (
        <span id={badgeId} className="sr-only">
          {unreadText(badge)}
        </span>
      )}
    </li>
  );
}
