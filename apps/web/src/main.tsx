import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import "./index.css";
import { readToken } from "./api/session-storage";
import { followTypedFields } from "./lib/typed-before-start";
import { router } from "./router";

// The Content-Security-Policy allows no eval, so zod's compiled parsers cannot run here: tell zod
// (its global configuration, read where it is first loaded) rather than let it try `new Function`,
// which the browser reports as a policy violation. Set without importing zod into this first chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

// The providers of the session, the socket, notifications and music are the root route's element (layouts/AppRoot).
// StrictMode's checks run in development only, so the production build leaves its wrapper out (bytes of /home's first chunk).
const app = <RouterProvider router={router} />;
const start = () => createRoot(root).render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app);
// HTML that is the page itself (/home's shell, /profile/list and a profile drawn by the server:
// decision 0030) stays, for a visitor, until the page's code is ready, so React draws the same page
// over it rather than its loading text first. Someone signed in is shown their own header at once
// instead (the HTML's is a visitor's). React's render over a drawn page is a transition: rendered
// in slices that leave the main thread free between them (decision 0031), committed at once.
// What is typed into a drawn page's search before then is kept by the app's fields (decision 0050).
if (root.hasAttribute("data-page")) followTypedFields(root);
if (root.hasAttribute("data-page") && !readToken() && !router.state.initialized) {
  const stop = router.subscribe(({ initialized }) => initialized && (stop(), startTransition(start)));
} else start();

// The installable app's service worker (decision 0023), registered once the page has loaded: here
// (about 20 bytes compressed) rather than in a lazily loaded module (about 220 with its chunk,
// more than /home's 100 KB budget had left). None where the browser has none or refuses it.
// A drawn page (decision 0031) runs this after its load event, which has then already fired.
if (import.meta.env.PROD) {
  const register = () => void navigator.serviceWorker?.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register);
}
