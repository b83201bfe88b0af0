/**
 * The router's branch of loader- and action-only routes (decision 0004), which fetchers load and
 * submit to: their paths below this root (as the features' routes.tsx declare them), and
 * `dataHref`, with which each feature's `<feature>-routes.ts` builds their addresses from the same
 * constants.
 */
export const DATA_ROOT = "/data";

/*
 * Every data route's path under DATA_ROOT, as its feature's `routes.tsx` declares it, by feature.
 * One module, so that the routes (in the app's first chunk) bring in these strings and nothing else
 * of the features; each feature builds its addresses from them in its `<feature>-routes.ts`.
 */
// account (account-routes.ts builds their addresses).
export const RESEND_VERIFICATION_PATH = "account/verification";
export const DELETE_ACCOUNT_PATH = "account/delete";

// auth (auth-routes.ts builds their addresses).
export const LOGOUT_PATH = "auth/logout";

// bookings (bookings-routes.ts builds their addresses).
export const FREE_TIMES_PATH = "bookings/free-times/:consultantId";
export const BOOKED_SLOTS_PATH = "bookings/booked/:consultantId";
export const PAYMENT_PATH = "bookings/payment/:consultantId";
export const BOOKING_CHANGE_PATH = "bookings/:id";
export const SERIES_CHANGE_PATH = "bookings/series/:seriesId";
export const CANCELLATION_QUOTE_PATH = "bookings/cancellation/:kind/:id";

// chat (chat-routes.ts builds their addresses).
export const CHAT_READ_PATH = "chat/read/:chatId";
export const CHAT_SEND_TO_PATH = "chat/send-to";
export const CHAT_OLDER_PATH = "chat/older/:chatId";

// gallery (gallery-routes.ts builds their addresses).
export const GALLERY_PATH = "gallery";

// notifications (notifications-routes.ts builds their addresses).
export const UNREAD_COUNT_PATH = "notifications/unread";

// postings (postings-routes.ts builds their addresses).
export const POSTINGS_PATH = "postings/:id?";

// profiles (profiles-routes.ts builds their addresses; the suggestions' is search-routes.ts's).
export const PROFILE_PAGE_PATH = "profiles/page";
export const PROFILE_SUGGEST_PATH = "profiles/suggest";
export const PROFILE_LISTING_PATH = "profiles/listings/:id";

// reviews (reviews-routes.ts builds their addresses).
export const REVIEW_PAGE_PATH = "reviews/:userId";
export const REVIEW_SUBMIT_PATH = "reviews/booking/:bookingId";

// time-off (time-off-routes.ts builds their addresses).
export const TIME_OFF_PATH = "time-off/:id?";

/** The parameters a route path names: `:id` must be given, `:id?` may be left out. */
export type PathParams<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? PathParams<Head> & PathParams<Tail>
  : Path extends `:${infer Name}?`
    ? { [Key in Name]?: string }
    : Path extends `:${infer Name}`
      ? { [Key in Name]: string }
      : unknown;

/**
 * The address of a data route: its `path` under `DATA_ROOT` with each parameter filled in (encoded;
 * an optional one left out, or empty, drops its segment) and `query`, when given, after it.
 */
export function dataHref<Path extends string>(path: Path, params: PathParams<Path>, query?: Record<string, string>): string {
  return `${DATA_ROOT}/${filledPath(path, params, query)}`;
}

/** A route `path` with each parameter filled in (as `dataHref` says) and `query`, when given, after it. */
export function filledPath<Path extends string>(path: Path, params: PathParams<Path>, query?: Record<string, string>): string {
  const values = params as Record<string, string | undefined>;
  const segments = path.split("/").flatMap((segment) => {
    if (!segment.startsWith(":")) return [segment];
    const optional = segment.endsWith("?");
    const value = values[segment.slice(1, optional ? -1 : undefined)];
    if (optional && !value) return [];
    return [encodeURIComponent(value ?? "")];
  });
  const search = query ? `?${new URLSearchParams(query).toString()}` : "";
  return `${segments.join("/")}${search}`;
}
