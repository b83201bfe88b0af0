import type { ComponentType } from "react";
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from "react-router";
import { LoadingFallback } from "./layouts/LoadingFallback";
import { ProtectedLayout } from "./layouts/ProtectedLayout";
import { PublicLayout } from "./layouts/PublicLayout";
import { PageNotFound, RouteError } from "./layouts/RouteError";

/*
 * Every page, and its loader, is its own chunk that loads when its address is opened (React
 * Router's lazy routes): the first load of /home carries only the app's frame and the home page.
 * The layouts are part of the first chunk, so that a cold load shows the navigation at once; the
 * page's place shows its loading text (HydrateFallback) until the page's code has arrived. Later
 * navigations keep the current page and show the progress bar until the next one is ready.
 */

/** A page module (default export) and, when it has one, its loader's module: loaded together. */
function lazyPage(component: () => Promise<{ default: ComponentType }>, loader?: () => Promise<LoaderFunction>): RouteObject["lazy"] {
  return { Component: async () => (await component()).default, ...(loader && { loader }) };
}

/**
 * The loading text shown where the page goes, on a cold load. It fills the screen under the
 * navigation, so that the footer starts below the fold and does not jump when the page arrives.
 */
const loading = (label?: string) =>
  function PageLoading() {
    return (
      <div className="min-h-[calc(100dvh-4rem)]">
        <LoadingFallback label={label} />
      </div>
    );
  };

/** Wraps a layout's pages so that a page error shows the error screen inside the layout. */
function withErrorScreen(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, HydrateFallback: loading(), children }];
}

export const router = createBrowserRouter([
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
            HydrateFallback: loading("Loading Home Page..."),
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
            lazy: lazyPage(
              () => import("./features/profiles/OtherProfilePage"),
              async () => (await import("./features/profiles/other-profile-loader")).otherProfileLoader,
            ),
          },
          { path: "login", lazy: lazyPage(() => import("./features/auth/LoginPage")) },
          { path: "register", lazy: lazyPage(() => import("./features/auth/RegisterPage")) },
          {
            path: ":id",
            lazy: lazyPage(
              () => import("./features/postings/PostingDetailPage"),
              async () => (await import("./features/postings/posting-loader")).postingLoader,
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
              () => import("./features/profile/ProfilePage"),
              async () => (await import("./features/profile/own-profile-loader")).ownProfileLoader,
            ),
          },
          { path: "profile/update", lazy: lazyPage(() => import("./features/profile/ProfileUpdatePage")) },
          {
            path: "bookings",
            lazy: lazyPage(
              () => import("./features/bookings/BookingsPage"),
              async () => (await import("./features/bookings/bookings-loader")).bookingsLoader,
            ),
          },
          {
            path: "bookings/:id",
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
            HydrateFallback: loading("Loading consultant information..."),
            lazy: lazyPage(() => import("./features/bookings/BookConsultantPage")),
          },
          { path: "notifications", lazy: lazyPage(() => import("./features/notifications/NotificationsPage")) },
          // One route for both addresses, so that moving between chats keeps the page (and its list).
          {
            path: "chat/:userId?",
            HydrateFallback: loading("Loading chat..."),
            lazy: lazyPage(() => import("./features/chat/ChatPage")),
          },
        ]),
      },
      {
        // The operator console (and its charts) loads only when an address under /admin is opened.
        path: "admin",
        HydrateFallback: loading(),
        lazy: lazyPage(() => import("./layouts/AdminLayout")),
        children: withErrorScreen([
          {
            index: true,
            lazy: lazyPage(
              () => import("./features/admin/AdminDashboardPage"),
              async () => (await import("./features/admin/admin-loaders")).adminStatsLoader,
            ),
          },
          {
            path: "payments",
            lazy: lazyPage(
              () => import("./features/admin/AdminPaymentsPage"),
              async () => (await import("./features/admin/admin-loaders")).adminPaymentsLoader,
            ),
          },
          {
            path: "users",
            lazy: lazyPage(
              () => import("./features/admin/AdminUsersPage"),
              async () => (await import("./features/admin/admin-loaders")).adminUsersLoader,
            ),
          },
          {
            path: "users/:id",
            lazy: lazyPage(
              () => import("./features/admin/AdminUserDetailPage"),
              async () => (await import("./features/admin/admin-loaders")).adminUserLoader,
            ),
          },
          {
            path: "reviews",
            lazy: lazyPage(
              () => import("./features/admin/AdminReviewsPage"),
              async () => (await import("./features/admin/admin-loaders")).adminReviewsLoader,
            ),
          },
          {
            path: "audit",
            lazy: lazyPage(
              () => import("./features/admin/AdminAuditPage"),
              async () => (await import("./features/admin/admin-loaders")).adminAuditLoader,
            ),
          },
          { path: "*", element: <PageNotFound /> },
        ]),
      },
    ],
  },
]);
