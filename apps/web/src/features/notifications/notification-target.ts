import type { AppNotification } from "@vam/shared";
import { pageHref, BOOKINGS_PAGE, BOOKING_PAGE, CHAT_PAGE, MY_PROFILE_PAGE } from "../../lib/page-routes";

/** Where clicking a notification leads; null when its type leads nowhere. */
export function notificationTarget(notification: AppNotification): string | null {
  switch (notification.type) {
    case "MESSAGE":
      return notification.chatId ? pageHref(CHAT_PAGE, { userId: notification.chatId }) : pageHref(CHAT_PAGE, {});
    case "BOOKING":
    case "REVIEW": // a review about the user was published: it shows on its booking
      return notification.entityId ? pageHref(BOOKING_PAGE, { id: notification.entityId }) : pageHref(BOOKINGS_PAGE, {});
    case "REFERRAL":
      return pageHref(MY_PROFILE_PAGE, {});
    default:
      return null;
  }
}
