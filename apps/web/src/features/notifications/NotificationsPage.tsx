import { MSG, type AppNotification, type NotificationType } from "@vam/shared";
import CheckCheck from "lucide-react/icons/check-check";
import { useLoaderData, useNavigate, useRevalidator } from "react-router";
import { Tabs } from "../../components/Tabs";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useRealtimeConnect, useRealtimeEvent } from "../realtime/public";
import { NotificationItem } from "./NotificationItem";
import { PushSection } from "./PushSection";
import { notificationTarget } from "./notification-target";
import { useNotifications } from "./notifications-context";
import type { notificationsLoader } from "./notifications-data";
import { useNow } from "../../lib/useNow";

const TABS: { label: string; type?: NotificationType }[] = [
  { label: "All" },
  { label: "Messages", type: "MESSAGE" },
  { label: "Bookings", type: "BOOKING" },
  { label: "Referrals", type: "REFERRAL" },
];

export default function NotificationsPage() {
  useDocumentTitle("Notifications");
  const loaded = useLoaderData<typeof notificationsLoader>();
  const { countFailed } = useNotifications();
  const mark = useActionFetcher();
  const navigate = useNavigate();
  const now = useNow(30_000);
  // A new notification, one read elsewhere (another tab, an opened chat), a reconnect: read the list again.
  const { revalidate } = useRevalidator();
  useRealtimeEvent("notification", () => void revalidate());
  useRealtimeEvent("unreadCount", () => void revalidate());
  useRealtimeConnect(() => void revalidate());

  const { notifications } = loaded;
  const items = notifications.ok ? notifications.data : null;
  const error = mark.busy ? null : (mark.error ?? (notifications.ok ? (countFailed ? MSG.notificationsCountFailed : null) : notifications.message));

  const open = async (notification: AppNotification) => {
    const target = notificationTarget(notification);
    if (!notification.read) await mark.submit({ intent: "read", id: notification.id, leads: target !== null }, "put");
    if (target) void navigate(target);
  };

  const list = (type?: NotificationType) => {
    if (!items) return null;
    const shown = items.filter((item) => !type || item.type === type);
    if (shown.length === 0) return <p className="py-10 text-center text-slate-400">No notifications found</p>;
    return (
      <ul className="space-y-3">
        {shown.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} now={now} onOpen={(item) => void open(item)} />
        ))}
      </ul>
    );
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-white">Notifications</h1>
        {items && items.length > 0 && (
          <button
            type="button"
            className="btn-secondary"
            disabled={items.every((item) => item.read)}
            onClick={() => void mark.submit({ intent: "readAll" }, "put")}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all as read
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          {error}
        </p>
      )}
      <Tabs label="Notification types" tabs={TABS.map(({ label, type }) => ({ label, panel: () => list(type) }))} />
      <PushSection push={loaded.push} />
    </div>
  );
}
