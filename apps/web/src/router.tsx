import { Suspense, lazy, type ComponentType } from "react";
import { createBrowserRouter, redirect, type RouteObject } from "react-router";
import {
  adminAuditLoader,
  adminPaymentsLoader,
  adminReviewsLoader,
  adminStatsLoader,
  adminUserLoader,
  adminUsersLoader,
} from "./features/admin/admin-loaders";
import { bookingsLoader } from "./features/bookings/bookings-loader";
import { dashboardLoader } from "./features/dashboard/dashboard-loader";
import { postingLoader } from "./features/postings/posting-loader";
import { ownProfileLoader } from "./features/profile/own-profile-loader";
import { otherProfileLoader } from "./features/profiles/other-profile-loader";
import { profileListLoader } from "./features/profiles/profile-list-loader";
import { LoadingFallback } from "./layouts/LoadingFallback";
import { ProtectedLayout } from "./layouts/ProtectedLayout";
import { PublicLayout } from "./layouts/PublicLayout";
import { ErrorScreen, RouteError } from "./layouts/RouteError";

const HomePage = lazy(() => import("./features/home/HomePage"));
const LoginPage = lazy(() => import("./features/auth/LoginPage"));
const RegisterPage = lazy(() => import("./features/auth/RegisterPage"));
const ProfilePage = lazy(() => import("./features/profile/ProfilePage"));
const ProfileUpdatePage = lazy(() => import("./features/profile/ProfileUpdatePage"));
const ProfileListPage = lazy(() => import("./features/profiles/ProfileListPage"));
const OtherProfilePage = lazy(() => import("./features/profiles/OtherProfilePage"));
const PostingDetailPage = lazy(() => import("./features/postings/PostingDetailPage"));
const ChatPage = lazy(() => import("./features/chat/ChatPage"));
const BookConsultantPage = lazy(() => import("./features/bookings/BookConsultantPage"));
const BookingsPage = lazy(() => import("./features/bookings/BookingsPage"));
const NotificationsPage = lazy(() => import("./features/notifications/NotificationsPage"));
const BookingDashboardPage = lazy(() => import("./features/dashboard/BookingDashboardPage"));
// The operator console (and its charts) loads only when an address under /admin is opened.
const AdminLayout = lazy(() => import("./layouts/AdminLayout"));
const AdminDashboardPage = lazy(() => import("./features/admin/AdminDashboardPage"));
const AdminPaymentsPage = lazy(() => import("./features/admin/AdminPaymentsPage"));
const AdminUsersPage = lazy(() => import("./features/admin/AdminUsersPage"));
const AdminUserDetailPage = lazy(() => import("./features/admin/AdminUserDetailPage"));
const AdminReviewsPage = lazy(() => import("./features/admin/AdminReviewsPage"));
const AdminAuditPage = lazy(() => import("./features/admin/AdminAuditPage"));

function page(Page: ComponentType, loadingLabel?: string) {
  return (
    <Suspense fallback={<LoadingFallback label={loadingLabel} />}>
      <Page />
    </Suspense>
  );
}

/** Wraps a layout's pages so that a page error shows the error screen inside the layout. */
function withErrorScreen(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, children }];
}

export const router = createBrowserRouter([
  {
    path: "/",
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingFallback />,
    children: [
      { index: true, loader: () => redirect("/home") },
      {
        element: <PublicLayout />,
        children: withErrorScreen([
          { path: "home", element: page(HomePage, "Loading Home Page...") },
          { path: "profile/list", loader: profileListLoader, element: page(ProfileListPage) },
          { path: "profile/:id", loader: otherProfileLoader, element: page(OtherProfilePage) },
          { path: "login", element: page(LoginPage) },
          { path: "register", element: page(RegisterPage) },
          { path: ":id", loader: postingLoader, element: page(PostingDetailPage) },
          { path: "*", element: <ErrorScreen message="Page not found" /> },
        ]),
      },
      {
        element: <ProtectedLayout />,
        children: withErrorScreen([
          { path: "profile", loader: ownProfileLoader, element: page(ProfilePage) },
          { path: "profile/update", element: page(ProfileUpdatePage) },
          { path: "bookings", loader: bookingsLoader, element: page(BookingsPage) },
          { path: "bookings/:id", loader: bookingsLoader, element: page(BookingsPage) },
          { path: "booking-dashboard", loader: dashboardLoader, element: page(BookingDashboardPage) },
          { path: "book/:consultantId", element: page(BookConsultantPage, "Loading consultant information...") },
          { path: "notifications", element: page(NotificationsPage) },
          // One route for both addresses, so that moving between chats keeps the page (and its list).
          { path: "chat/:userId?", element: page(ChatPage, "Loading chat...") },
        ]),
      },
      {
        path: "admin",
        element: page(AdminLayout),
        children: withErrorScreen([
          { index: true, loader: adminStatsLoader, element: page(AdminDashboardPage) },
          { path: "payments", loader: adminPaymentsLoader, element: page(AdminPaymentsPage) },
          { path: "users", loader: adminUsersLoader, element: page(AdminUsersPage) },
          { path: "users/:id", loader: adminUserLoader, element: page(AdminUserDetailPage) },
          { path: "reviews", loader: adminReviewsLoader, element: page(AdminReviewsPage) },
          { path: "audit", loader: adminAuditLoader, element: page(AdminAuditPage) },
          { path: "*", element: <ErrorScreen message="Page not found" /> },
        ]),
      },
    ],
  },
]);
