import { filledPath, type PathParams } from "./data-routes";

/*
 * Every page's path, as its feature's `routes.tsx` declares it (relative to the root, like the
 * data routes' under DATA_ROOT), and `pageHref`, with which links build the pages' addresses from
 * the same constants. One module below the features, so that a feature links to another's page
 * (and the layouts to any) without importing it.
 */
// home
export const HOME_PAGE = "home";

// profiles
export const PROFILE_LIST_PAGE = "profile/list";
export const OTHER_PROFILE_PAGE = "profile/:id";

// auth
export const LOGIN_PAGE = "login";
export const REGISTER_PAGE = "register";
export const FORGOT_PASSWORD_PAGE = "forgot-password";
export const RESET_PASSWORD_PAGE = "reset-password";

// account
export const VERIFY_EMAIL_PAGE = "verify-email";
export const UNSUBSCRIBE_PAGE = "unsubscribe";
export const SETTINGS_PAGE = "settings";

// postings (a posting's own page, by its id, below every other page's path)
export const POSTING_PAGE = ":id";

// my-profile
export const MY_PROFILE_PAGE = "profile";
export const PROFILE_UPDATE_PAGE = "profile/update";

// bookings
export const BOOKINGS_PAGE = "bookings";
export const BOOKING_PAGE = "bookings/:id";
export const BOOK_CONSULTANT_PAGE = "book/:consultantId";

// dashboard
export const BOOKING_DASHBOARD_PAGE = "booking-dashboard";

// notifications
export const NOTIFICATIONS_PAGE = "notifications";

// earnings
export const EARNINGS_PAGE = "earnings";

// chat: one route for the list and an open chat.
export const CHAT_PAGE = "chat/:userId?";

/** The address of a page: its path with each parameter filled in (as `dataHref` does) and `query`, when given, after it. */
export function pageHref<Path extends string>(path: Path, params: PathParams<Path>, query?: Record<string, string>): string {
  return `/${filledPath(path, params, query)}`;
}
