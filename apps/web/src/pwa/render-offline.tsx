import WifiOff from "lucide-react/icons/wifi-off";
import { renderToString } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import { AppFrame } from "../layouts/AppFrame";
import { VisitorProviders } from "../shell/visitor-providers";

/**
 * The offline page (decision 0023): what the service worker shows in place of a page that could
 * not be loaded. The app's frame as a visitor sees it (as in the page shells, decision 0021) around
 * "You are offline" and "Try again". Rendered once by the build (apps/web/prerender-shells.ts) into
 * dist/offline.html, which carries no script of the app: its one script, /offline.js, makes the
 * button load the page again (and does so by itself when the connection comes back).
 */

/** The id of the "Try again" button, which /offline.js finds. */
export const TRY_AGAIN_ID = "try-again";

export function OfflinePage() {
  return (
    <div className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-lg flex-col items-center justify-center px-4 py-20 text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-slate-800 text-teal-400">
        <WifiOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-white">You are offline</h1>
      <p className="mt-2 text-slate-400">This page could not be loaded. Check your connection, then try again.</p>
      <button type="button" id={TRY_AGAIN_ID} className="btn-primary mt-6">
        Try again
      </button>
    </div>
  );
}

/** The markup of `<div id="root">` for the offline page. */
export async function renderOffline(): Promise<string> {
  const handler = createStaticHandler([
    {
      path: "*",
      element: (
        <AppFrame>
          <OfflinePage />
        </AppFrame>
      ),
    },
  ]);
  const context = await handler.query(new Request("http://offline.invalid/offline"));
  if (context instanceof Response) throw new Error("The offline page answered a redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <VisitorProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </VisitorProviders>,
  );
}
