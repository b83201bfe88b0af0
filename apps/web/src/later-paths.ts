import {
  BOOKED_SLOTS_PATH,
  BOOKING_CHANGE_PATH,
  CANCELLATION_QUOTE_PATH,
  CHAT_OLDER_PATH,
  CHAT_READ_PATH,
  CHAT_SEND_TO_PATH,
  FREE_TIMES_PATH,
  GALLERY_PATH,
  PAYMENT_PATH,
  SERIES_CHANGE_PATH,
  TIME_OFF_PATH,
  UNREAD_COUNT_PATH,
} from "./lib/data-routes";
import {
  BOOK_CONSULTANT_PAGE,
  BOOKING_DASHBOARD_PAGE,
  BOOKING_PAGE,
  BOOKINGS_PAGE,
  CHAT_PAGE,
  EARNINGS_PAGE,
  MY_PROFILE_PAGE,
  NOTIFICATIONS_PAGE,
  PROFILE_UPDATE_PAGE,
} from "./lib/page-routes";

/**
 * The addresses of the routes in later-routes.ts, known from the start: an address one of them
 * matches is theirs, though a route of the first chunk with a parameter may match it too (a
 * posting's `/:id` matches `/bookings`). `apps/web/test/later-routes.test.ts` keeps the two lists
 * the same.
 */
export const LATER_PAGES = [
  BOOKINGS_PAGE,
  BOOKING_PAGE,
  BOOK_CONSULTANT_PAGE,
  CHAT_PAGE,
  BOOKING_DASHBOARD_PAGE,
  EARNINGS_PAGE,
  MY_PROFILE_PAGE,
  PROFILE_UPDATE_PAGE,
  NOTIFICATIONS_PAGE,
];

/** The later features' data routes (under DATA_ROOT). */
export const LATER_DATA = [
  FREE_TIMES_PATH,
  BOOKED_SLOTS_PATH,
  PAYMENT_PATH,
  BOOKING_CHANGE_PATH,
  SERIES_CHANGE_PATH,
  CANCELLATION_QUOTE_PATH,
  CHAT_READ_PATH,
  CHAT_SEND_TO_PATH,
  CHAT_OLDER_PATH,
  GALLERY_PATH,
  UNREAD_COUNT_PATH,
  TIME_OFF_PATH,
];
