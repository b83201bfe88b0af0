import { createBrowserRouter, redirect, type RouteObject } from "react-router";
import { AppRoot } from "./layouts/AppRoot";
import { ProtectedLayout } from "./layouts/ProtectedLayout";
import { PublicLayout } from "./layouts/PublicLayout";
import { PageNotFound, RouteError } from "./layouts/RouteError";
import { PAGE_LOADING } from "./layouts/LoadingFallback";
import { lazyPage, loading, withErrorScreen } from "./layouts/route-helpers";
import { initialRootData, rootLoader, rootShouldRevalidate } from "./layouts/root-loader";
import { importAgain } from "./lib/import-again";
import { revalidateOnNewQuery } from "./lib/revalidate";

/*
 * Every page, and its loader, is its own chunk that loads when its address is opened (React
 * Router's lazy routes): the first load of /home carries only the app's frame and the home page.
 * The layouts are part of the first chunk, so that a cold load shows the navigation at once; the
 * page's place shows its loading text (HydrateFallback) until the page's code has arrived. Later
 * navigations keep the current page and show the progress bar until the next one is ready.
 * Every chunk is loaded through `importAgain`: one that fails offline is tried again once online.
 */

/** A data route read only when asked (`fetcher.load`), never again by React Router. */
const readOnce = () => false;

/** The data routes' modules (decision 0004), one import each: the first use of any route loads the feature's. */
const accountDataModule = () => importAgain(() => import("./features/account/account-data"));
const authDataModule = () => importAgain(() => import("./features/auth/auth-data"));
const bookingsDataModule = () => importAgain(() => import("./features/bookings/bookings-data"));
const chatDataModule = () => importAgain(() => import("./features/chat/chat-data"));
const galleryDataModule = () => importAgain(() => import("./features/gallery/gallery-data"));
const notificationsDataModule = () => importAgain(() => import("./features/notifications/notifications-data"));
const postingsDataModule = () => importAgain(() => import("./features/postings/postings-data"));
const profilesDataModule = () => importAgain(() => import("./features/profiles/profiles-data"));
const reviewsDataModule = () => importAgain(() => import("./features/reviews/reviews-data"));
const timeOffDataModule = () => importAgain(() => import("./features/time-off/time-off-data"));

const appRoutes: RouteObject[] = [
  {
    path: "/",
    errorElement: <RouteError />,
    HydrateFallback: loading(),
    children: [
      { index: true, loader: () => redirect("/home") },
      {
        element: <PublicLayout />,
        children: withErrorScreen([
          {
            path: "home",
            HydrateFallback: loading(PAGE_LOADING.home),
            lazy: lazyPage(() => import("./features/home/HomePage")),
          },
          {
            path: "profile/list",
            lazy: lazyPage(
              () => import("./features/profiles/ProfileListPage"),
              async () => (await import("./features/profiles/profile-list-loader")).profileListLoader,
            ),
          },
          {
            path: "profile/:id",
            HydrateFallback: loading(PAGE_LOADING.consultant),
            lazy: lazyPage(
              () => import("./features/profiles/OtherProfilePage"),
              async () => (await import("./features/profiles/other-profile-loader")).otherProfileLoader,
            ),
          },
          {
            path: "login",
            lazy: lazyPage(
              () => import("./features/auth/LoginPage"),
              undefined,
              async () => (await import("./features/auth/auth-data")).loginAction,
            ),
          },
          {
            path: "register",
            lazy: lazyPage(
              () => import("./features/auth/RegisterPage"),
              undefined,
              async () => (await import("./features/auth/auth-data")).registerAction,
            ),
          },
          {
            path: "forgot-password",
            lazy: lazyPage(
              () => import("./features/auth/ForgotPasswordPage"),
              undefined,
              async () => (await authDataModule()).forgotPasswordAction,
            ),
          },
          {
            // The emailed links: each loader acts on its link once (checks it, uses it), not again after the page's own writes.
            path: "reset-password",
            shouldRevalidate: revalidateOnNewQuery,
            lazy: lazyPage(
              () => import("./features/auth/ResetPasswordPage"),
              async () => (await authDataModule()).resetPasswordLoader,
              async () => (await authDataModule()).resetPasswordAction,
            ),
          },
          {
            path: "verify-email",
            shouldRevalidate: revalidateOnNewQuery,
            lazy: lazyPage(
              () => import("./features/account/VerifyEmailPage"),
              async () => (await accountDataModule()).verifyEmailLoader,
            ),
          },
          {
            path: "unsubscribe",
            shouldRevalidate: revalidateOnNewQuery,
            lazy: lazyPage(
              () => import("./features/account/UnsubscribePage"),
              async () => (await accountDataModule()).unsubscribeLoader,
              async () => (await accountDataModule()).unsubscribeAction,
            ),
          },
          {
            path: ":id",
            lazy: lazyPage(
              () => import("./features/postings/PostingDetailPage"),
              async () => (await import("./features/postings/posting-loader")).postingLoader,
              async () => (await import("./features/postings/postings-data")).postingPageAction,
            ),
          },
          { path: "*", element: <PageNotFound /> },
        ]),
      },
      {
        element: <ProtectedLayout />,
        children: withErrorScreen([
          {
            path: "profile",
            lazy: lazyPage(
              () => import("./features/my-profile/ProfilePage"),
              async () => (await import("./features/my-profile/my-profile-loader")).myProfileLoader,
              async () => (await import("./features/my-profile/my-profile-actions")).myProfileAction,
            ),
          },
          {
            path: "profile/update",
            lazy: lazyPage(
              () => import("./features/my-profile/ProfileUpdatePage"),
              undefined,
              async () => (await import("./features/my-profile/my-profile-actions")).profileUpdateAction,
            ),
          },
          {
            path: "bookings",
            HydrateFallback: loading(PAGE_LOADING.bookings),
            lazy: lazyPage(
              () => import("./features/bookings/BookingsPage"),
              async () => (await import("./features/bookings/bookings-loader")).bookingsLoader,
            ),
          },
          {
            path: "bookings/:id",
            HydrateFallback: loading(PAGE_LOADING.bookings),
            lazy: lazyPage(
              () => import("./features/bookings/BookingsPage"),
              async () => (await import("./features/bookings/bookings-loader")).bookingsLoader,
            ),
          },
          {
            path: "booking-dashboard",
            lazy: lazyPage(
              () => import("./features/dashboard/BookingDashboardPage"),
              async () => (await import("./features/dashboard/dashboard-loader")).dashboardLoader,
            ),
          },
          {
            path: "book/:consultantId",
            HydrateFallback: loading(PAGE_LOADING.consultant),
            lazy: lazyPage(
              () => import("./features/bookings/BookConsultantPage"),
              async () => (await import("./features/bookings/book-consultant-loader")).bookConsultantLoader,
              async () => (await import("./features/bookings/bookings-data")).createBookingAction,
            ),
          },
          {
            path: "notifications",
            HydrateFallback: loading(PAGE_LOADING.notifications),
            lazy: lazyPage(
              () => import("./features/notifications/NotificationsPage"),
              async () => (await import("./features/notifications/notifications-data")).notificationsLoader,
              async () => (await import("./features/notifications/notifications-data")).notificationsAction,
            ),
          },
          {
            path: "settings",
            lazy: lazyPage(
              () => import("./features/account/SettingsPage"),
              async () => (await accountDataModule()).settingsLoader,
              async () => (await accountDataModule()).settingsAction,
            ),
          },
          {
            path: "earnings",
            lazy: lazyPage(
              () => import("./features/earnings/EarningsPage"),
              async () => (await import("./features/earnings/earnings-loader")).earningsLoader,
            ),
          },
          // One route for both addresses, so that moving between chats keeps the page (and its list).
          {
            path: "chat/:userId?",
            HydrateFallback: loading(PAGE_LOADING.chat),
            // The open chat takes in what it sends and reads from the answers and the socket: reading it
            // again then would race the socket's newer messages and receipts.
            shouldRevalidate: ({ formAction, defaultShouldRevalidate }) => !/^\/(data\/)?chat\b/.test(formAction ?? "") && defaultShouldRevalidate,
            lazy: lazyPage(
              () => import("./features/chat/ChatPage"),
              async () => (await import("./features/chat/chat-loader")).chatLoader,
              async () => (await import("./features/chat/chat-data")).sendMessageAction,
            ),
          },
        ]),
      },
      {
        // Loader- and action-only routes that fetchers load and submit to (decision 0004); their
        // code is the feature's `<feature>-data.ts`, loaded with the first use. Opened in the
        // address bar, they show the page not found.
        path: "data",
        element: <PageNotFound />,
        children: [
          { path: "auth/logout", lazy: async () => ({ action: (await authDataModule()).logoutAction }) },
          { path: "account/verification", lazy: async () => ({ action: (await accountDataModule()).resendVerificationAction }) },
          { path: "account/delete", lazy: async () => ({ action: (await accountDataModule()).deleteAccountAction }) },
          { path: "chat/read/:chatId", lazy: async () => ({ action: (await chatDataModule()).markReadAction }) },
          { path: "chat/send-to", lazy: async () => ({ action: (await chatDataModule()).sendToAction }) },
          // A conversation's earlier page: read once when the reader scrolls back, not again after a send.
          {
            path: "chat/older/:chatId",
            shouldRevalidate: readOnce,
            lazy: async () => ({ loader: (await chatDataModule()).olderMessagesLoader }),
          },
          {
            path: "notifications/unread",
            lazy: async () => ({ loader: (await notificationsDataModule()).unreadCountLoader }),
          },
          {
            path: "bookings/free-times/:consultantId",
            lazy: async () => ({ loader: (await bookingsDataModule()).freeTimesLoader }),
          },
          {
            path: "bookings/booked/:consultantId",
            lazy: async () => ({ loader: (await bookingsDataModule()).bookedSlotsLoader }),
          },
          {
            path: "bookings/payment/:consultantId",
            lazy: async () => ({ loader: (await bookingsDataModule()).paymentLoader }),
          },
          { path: "profiles/page", lazy: async () => ({ loader: (await profilesDataModule()).profilePageLoader }) },
          { path: "profiles/suggest", lazy: async () => ({ loader: (await profilesDataModule()).profileSuggestLoader }) },
          { path: "profiles/listings/:id", lazy: async () => ({ action: (await profilesDataModule()).deleteListingAction }) },
          { path: "bookings/:id", lazy: async () => ({ action: (await bookingsDataModule()).bookingAction }) },
          { path: "bookings/series/:seriesId", lazy: async () => ({ action: (await bookingsDataModule()).seriesAction }) },
          // The cancel dialog's quote: read each time a dialog opens, not again while it stays loaded (after a write, on socket events).
          {
            path: "bookings/cancellation/:kind/:id",
            shouldRevalidate: readOnce,
            lazy: async () => ({ loader: (await bookingsDataModule()).cancellationQuoteLoader }),
          },
          { path: "gallery", lazy: async () => ({ action: (await galleryDataModule()).galleryAction }) },
          { path: "postings/:id?", lazy: async () => ({ action: (await postingsDataModule()).postingAction }) },
          {
            path: "reviews/booking/:bookingId",
            lazy: async () => ({ action: (await reviewsDataModule()).submitReviewAction }),
          },
          { path: "reviews/:userId", lazy: async () => ({ loader: (await reviewsDataModule()).reviewPageLoader }) },
          { path: "time-off/:id?", lazy: async () => ({ action: (await timeOffDataModule()).timeOffAction }) },
        ],
      },
      {
        // The operator console (and its charts) loads only when an address under /admin is opened;
        // its pages are patched in then too (features/admin/admin-routes.tsx), not listed in the first chunk.
        id: "admin",
        path: "admin",
        HydrateFallback: loading(),
        lazy: lazyPage(() => import("./layouts/AdminLayout")),
        // Only the dashboard is known from the start (through a small module of its own: this
        // chunk does not list its dependencies); the other pages are patched in (below).
        children: withErrorScreen([
          {
            index: true,
            lazy: lazyPage(
              async () => (await import("./features/admin/admin-dashboard-entry")).dashboardPage(),
              async () => (await import("./features/admin/admin-dashboard-entry")).dashboardLoader(),
            ),
          },
        ]),
      },
    ],
  },
];

let adminPatched = false;

export const router = createBrowserRouter(
  [
    {
      // The session (decision 0004): shown at once from what this browser stored (the hydration data),
      // checked by the root loader, and read again only after signing in or out.
      id: "root",
      loader: rootLoader,
      shouldRevalidate: rootShouldRevalidate,
      element: <AppRoot />,
      children: appRoutes,
    },
  ],
  {
    hydrationData: { loaderData: { root: initialRootData() } },
    // React Router's lazy route discovery: the console's pages are added the first time an
    // address under /admin is opened (few people ever open one).
    async patchRoutesOnNavigation({ path, patch }) {
      if (adminPatched || !/^\/admin(\/|$)/.test(path)) return;
      const { adminRoutes } = await importAgain(() => import("./features/admin/admin-routes"));
      if (adminPatched) return;
      adminPatched = true;
      patch("admin", adminRoutes);
    },
  },
);
