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

// The Content-Security-Policy allows no eval, so zod's compiled parsers cannot run here: tell zod
// (its global configuration, read where it is first loaded) rather than let it try `new Function`,
// which the browser reports as a policy violation. Set without importing zod into this first chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

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
