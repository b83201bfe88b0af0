import { Suspense, lazy, type ComponentType } from "react";
import { createBrowserRouter, redirect, type RouteObject } from "react-router";
import {
  BookConsultantPage,
  BookingDashboardPage,
  BookingsPage,
  ChatPage,
  NotificationsPage,
  OtherProfilePage,
  PostingDetailPage,
  ProfileListPage,
} from "./features/placeholders/pages";
import { LoadingFallback } from "./layouts/LoadingFallback";
import { ProtectedLayout } from "./layouts/ProtectedLayout";
import { PublicLayout } from "./layouts/PublicLayout";
import { ErrorScreen, RouteError } from "./layouts/RouteError";

const HomePage = lazy(() => import("./features/home/HomePage"));
const LoginPage = lazy(() => import("./features/auth/LoginPage"));
const RegisterPage = lazy(() => import("./features/auth/RegisterPage"));
const ProfilePage = lazy(() => import("./features/profile/ProfilePage"));
const ProfileUpdatePage = lazy(() => import("./features/profile/ProfileUpdatePage"));

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
          { path: "profile/list", element: <ProfileListPage /> },
          { path: "profile/:id", element: <OtherProfilePage /> },
          { path: "login", element: page(LoginPage) },
          { path: "register", element: page(RegisterPage) },
          { path: ":id", element: <PostingDetailPage /> },
          { path: "*", element: <ErrorScreen message="Page not found" /> },
        ]),
      },
      {
        element: <ProtectedLayout />,
        children: withErrorScreen([
          { path: "profile", element: page(ProfilePage) },
          { path: "profile/update", element: page(ProfileUpdatePage) },
          { path: "bookings", element: <BookingsPage /> },
          { path: "bookings/:id", element: <BookingsPage /> },
          { path: "booking-dashboard", element: <BookingDashboardPage /> },
          { path: "book/:consultantId", element: <BookConsultantPage /> },
          { path: "notifications", element: <NotificationsPage /> },
          { path: "chat", element: <ChatPage /> },
          { path: "chat/:userId", element: <ChatPage /> },
        ]),
      },
    ],
  },
]);
