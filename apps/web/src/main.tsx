import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AuthProvider } from "./features/auth/AuthProvider";
import { MusicProvider } from "./features/music/MusicProvider";
import { NotificationsProvider } from "./features/notifications/NotificationsProvider";
import { RealtimeProvider } from "./features/realtime/RealtimeProvider";
import "./index.css";
import { DeferredToaster } from "./layouts/DeferredToaster";
import { router } from "./router";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <RealtimeProvider>
        <NotificationsProvider>
          <MusicProvider>
            <RouterProvider router={router} />
            <DeferredToaster />
          </MusicProvider>
        </NotificationsProvider>
      </RealtimeProvider>
    </AuthProvider>
  </StrictMode>,
);
