import { bookingsRoutes } from "./features/bookings/routes";
import { chatRoutes } from "./features/chat/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { earningsRoutes } from "./features/earnings/routes";
import { galleryRoutes } from "./features/gallery/routes";
import { myProfileRoutes } from "./features/my-profile/routes";
import { notificationsRoutes } from "./features/notifications/routes";
import { timeOffRoutes } from "./features/time-off/routes";

/**
 * The routes of the features that only someone signed in opens (their pages and their data
 * routes): router.tsx adds them the first time an address the first chunk does not know is opened
 * (React Router's lazy route discovery), so a visitor's first load does not carry them.
 */
export const laterFeatures = [
  bookingsRoutes,
  chatRoutes,
  dashboardRoutes,
  earningsRoutes,
  galleryRoutes,
  myProfileRoutes,
  notificationsRoutes,
  timeOffRoutes,
];
