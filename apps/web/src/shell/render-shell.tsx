import { renderToString } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import HomePage from "../features/home/HomePage";
import { AppFrame } from "../layouts/AppFrame";
import { VisitorProviders } from "./visitor-providers";
import { PAGE_LOADING, type ShellName } from "../components/LoadingFallback";
import { loading } from "../components/route-helpers";

/**
 * The build's prerender of a page's shell (decision 0021): what React's first render shows a
 * visitor at that address before the page's code has arrived (the navigation as a visitor sees
 * it, the page's loading text and the footer), from the same components. Run at build time only
 * (apps/web/prerender-shells.ts), never in the browser.
 */

/** The address each shell is rendered at: the top bar's browse icon depends on it (a search on /home, a house elsewhere). */
const RENDERED_AT: Record<ShellName, string> = {
  home: "/home",
  consultant: "/profile/shell",
  bookings: "/bookings",
  chat: "/chat",
  notifications: "/notifications",
  page: "/profile/list",
};

/**
 * The shells that hold their page itself rather than its loading text: /home has no data, so its
 * shell is the home page as a visitor sees it (its largest paint, the hero, then comes with the
 * HTML). The app keeps such a shell until the page's code is ready (main.tsx), so that React draws
 * the same page over it instead of its loading text first.
 */
export const PAGE_SHELLS: readonly ShellName[] = ["home"];

/** The markup of `<div id="root">` for one shell. */
export async function renderShell(shell: ShellName): Promise<string> {
  const PageLoading = loading(shell === "page" ? undefined : PAGE_LOADING[shell]);
  const handler = createStaticHandler([
    {
      path: "*",
      element: <AppFrame>{PAGE_SHELLS.includes(shell) ? <HomePage /> : <PageLoading />}</AppFrame>,
    },
  ]);
  const context = await handler.query(new Request(`http://shell.invalid${RENDERED_AT[shell]}`));
  if (context instanceof Response) throw new Error(`The shell ${shell} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <VisitorProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </VisitorProviders>,
  );
}
