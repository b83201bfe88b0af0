import type { AppNotification, NotificationType } from "@vam/shared";
import type { LucideIcon } from "lucide-react";
import Bell from "lucide-react/icons/bell";
import CalendarDays from "lucide-react/icons/calendar-days";
import Gift from "lucide-react/icons/gift";
import MessageSquare from "lucide-react/icons/message-square";
import Star from "lucide-react/icons/star";
import { relativeTime } from "./relative-time";

const ICONS: Record<NotificationType, LucideIcon> = {
  MESSAGE: MessageSquare,
  BOOKING: CalendarDays,
  REFERRAL: Gift,
  REVIEW: Star,
  SYSTEM: Bell,
};

interface NotificationItemProps {
  notification: AppNotification;
  now: Date;
  onOpen: (notification: AppNotification) => void;
}

export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const Icon = ICONS[notification.type] ?? Bell;
  const unread = !notification.read;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={`flex w-full items-start gap-4 rounded-xl border p-4 text-left transition-colors hover:border-slate-600 hover:bg-slate-800/60 ${
          unread ? "border-teal-500/30 bg-teal-500/5" : "border-slate-800 bg-slate-900/40"
        }`}
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-800 text-teal-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex items-center gap-2">
            {unread && (
              <span className="size-2 shrink-0 rounded-full bg-rose-500">
                <span className="sr-only">Unread</span>
              </span>
            )}
            <span className={`truncate ${unread ? "font-semibold text-white" : "font-medium text-slate-200"}`}>{notification.title}</span>
          </span>
          <span className="block text-sm text-slate-400 wrap-anywhere">{notification.content}</span>
          <time dateTime={notification.createdAt} className="block text-xs text-slate-400">
            {relativeTime(notification.createdAt, now)}
          </time>
        </span>
      </button>
    </li>
  );
}
