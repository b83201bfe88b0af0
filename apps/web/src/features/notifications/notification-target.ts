import type { AppNotification } from "@vam/shared";

/** Where clicking a notification leads; null when its type leads nowhere. */
export function notificationTarget(notification: AppNotification): string | null {
  switch (notification.type) {
    case "MESSAGE":
      return notification.chatId ? `/chat/${notification.chatId}` : "/chat";
    case "BOOKING":
    case "REVIEW": // a review about the user was published: it shows on its booking
      return notification.entityId ? `/bookings/${notification.entityId}` : "/bookings";
    case "REFERRAL":
      return "/profile";
    default:
      return null;
  }
}
