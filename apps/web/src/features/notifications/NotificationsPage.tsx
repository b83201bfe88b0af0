import { MSG, type AppNotification, type NotificationType } from "@vam/shared";
import CheckCheck from "lucide-react/icons/check-check";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Tabs } from "../../components/Tabs";
import { Spinner } from "../../components/Spinner";
import { NotificationItem } from "./NotificationItem";
import { notificationTarget } from "./notification-target";
import { useNotifications } from "./notifications-context";
import { useNow } from "./useNow";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

const TABS: { label: string; type?: NotificationType }[] = [
  { label: "All" },
  { label: "Messages", type: "MESSAGE" },
  { label: "Bookings", type: "BOOKING" },
  { label: "Referrals", type: "REFERRAL" },
];

export default function NotificationsPage() {
  useDocumentTitle("Notifications");
  const { items, loading, error, watchList, markRead, markAllRead } = useNotifications();
  const navigate = useNavigate();
  const now = useNow(30_000);

  useEffect(() => watchList(), [watchList]);

  const open = async (notification: AppNotification) => {
    const marked = await markRead(notification);
    const target = notificationTarget(notification);
    if (!target) return;
    // Going there matters more than the read mark: a failure is reported on the way, not blocking.
    if (!marked) toast.error(MSG.notificationReadFailed);
    void navigate(target);
  };

  const list = (type?: NotificationType) => {
    const shown = (items ?? []).filter((item) => !type || item.type === type);
    if (!items && loading) {
      return (
        <p role="status" className="flex items-center gap-2 py-10 text-slate-400">
          <Spinner /> Loading notifications...
        </p>
      );
    }
    if (!items) return null;
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
          <button type="button" className="btn-secondary" disabled={items.every((item) => item.read)} onClick={() => void markAllRead()}>
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
    </div>
  );
}
