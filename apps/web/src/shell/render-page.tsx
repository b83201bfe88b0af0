import type { GalleryPhoto, ProfilePage, ProjectPost, ReviewPage, UserProfile } from "@vam/shared";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import OtherProfilePage from "../features/profiles/OtherProfilePage";
import ProfileListPage from "../features/profiles/ProfileListPage";
import type { otherProfileLoader } from "../features/profiles/other-profile-loader";
import type { profileListLoader } from "../features/profiles/profile-list-loader";
import { searchFromUrl } from "../features/search/public";
import { AppFrame } from "../layouts/AppFrame";
import { VisitorProviders } from "./visitor-providers";

// The server makes each drawn page's own stylesheet with it (decision 0031).
export { pageStyleFor } from "./page-style";

/**
 * The public pages with their content in the HTML (decision 0026): /profile/list's first page of
 * assistants and a profile, drawn by the server for a visitor from the app's own components, so
 * that their largest paint (an avatar) comes with the HTML instead of after the page's code and
 * its data. Built by `vite build` into dist/ssr/render-page.js (apps/web/prerender-shells.ts) with
 * everything it needs bundled; the server (apps/server/src/web/pages.ts) loads it and hands it the
 * answers of its own API, the same the page's loader asks for in the browser. React then draws the
 * same page over it once the page's code is ready (main.tsx keeps a `data-page` root until then).
 */

/** What the server reads from its API for a page: the answer's status and body. */
export type ApiGet = (path: string) => Promise<{ status: number; body: unknown }>;

type Loaded<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

/** The markup of `<div id="root">` for `pathname`, or null when the page is not one drawn with its content. */
export async function renderPage(pathname: string, get: ApiGet): Promise<string | null> {
  if (pathname === "/profile/list") {
    const answer = await get("/api/profiles/posts");
    if (answer.status !== 200) return null;
    const data: Loaded<typeof profileListLoader> = {
      search: searchFromUrl(new URLSearchParams()),
      filtered: false,
      page: answer.body as ProfilePage,
    };
    return render(pathname, "/profile/list", ProfileListPage, data);
  }
  const profile = /^\/profile\/(?!list$|update$)([^/]+)$/.exec(pathname);
  if (profile) {
    const id = encodeURIComponent(decodeURIComponent(profile[1]!));
    const [user, projects, reviews, gallery] = await Promise.all([
      get(`/api/profiles/${id}`),
      get(`/api/profiles/posts/${id}`),
      get(`/api/profiles/${id}/reviews`),
      get(`/api/gallery/public/${id}`),
    ]);
    // Anything but a profile (not found, a failure) is left to the page's own code and texts.
    if ([user, projects, reviews, gallery].some((answer) => answer.status !== 200)) return null;
    const data: Loaded<typeof otherProfileLoader> = {
      profile: user.body as UserProfile,
      profileError: null,
      projects: projects.body as ProjectPost[],
      projectsFailed: false,
      reviews: reviews.body as ReviewPage,
      // Here already, so <Await> draws it at once (in the browser it follows the page: deferred).
      gallery: gallery.body as GalleryPhoto[],
    };
    return render(pathname, "/profile/:id", OtherProfilePage, data);
  }
  return null;
}

async function render(pathname: string, path: string, Page: ComponentType, data: unknown): Promise<string> {
  const handler = createStaticHandler([
    {
      path,
      loader: () => data,
      element: (
        <AppFrame>
          <Page />
        </AppFrame>
      ),
    },
  ]);
  const context = await handler.query(new Request(`http://page.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <VisitorProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </VisitorProviders>,
  );
}
