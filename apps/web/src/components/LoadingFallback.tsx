import { Spinner } from "./Spinner";

export function LoadingFallback({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-400">
      <Spinner className="size-8" />
      <p>{label}</p>
    </div>
  );
}

/**
 * A page's loading text in the page's place (a route's HydrateFallback, the protected layout's wait,
 * the prerendered shells: decision 0021). It fills the screen under the navigation, so that the
 * footer starts below the fold and does not jump when the page arrives.
 */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="min-h-[calc(100dvh-4rem)]">
      <LoadingFallback label={label} />
    </div>
  );
}

/**
 * The loading text of each page that has its own (the spec's words; the others say "Loading..."),
 * by the name of its prerendered shell (decision 0021): read by the router (each route's
 * HydrateFallback), by the protected layout while the session is checked, and at build time by
 * the shells' prerender (shell/shell-routes.ts). Here rather than in a module of their own: each
 * module of the first chunk costs bytes of its own.
 */
export const PAGE_LOADING = {
  home: "Loading Home Page...",
  consultant: "Loading consultant information...",
  bookings: "Loading bookings...",
  chat: "Loading chat...",
  notifications: "Loading notifications...",
} as const;

/** A prerendered shell: a page with its own loading text, or "page" for every other ("Loading..."). */
export type ShellName = keyof typeof PAGE_LOADING | "page";
