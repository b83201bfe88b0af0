import type { ComponentType } from "react";
import type { ActionFunction, LoaderFunction, RouteObject } from "react-router";
import { importAgain } from "../lib/import-again";
import { LoadingFallback } from "./LoadingFallback";
import { RouteError } from "./RouteError";

/** How routes are declared (router.tsx and the console's admin-routes.tsx). */

/**
 * A page module (default export) and, when it has them, its loader's and action's modules: loaded
 * together when the page's address is first opened.
 */
export function lazyPage(
  component: () => Promise<{ default: ComponentType }>,
  loader?: () => Promise<LoaderFunction>,
  action?: () => Promise<ActionFunction>,
): RouteObject["lazy"] {
  return {
    Component: async () => (await importAgain(component)).default,
    ...(loader && { loader: () => importAgain(loader) }),
    ...(action && { action: () => importAgain(action) }),
  };
}

/**
 * The loading text shown where the page goes, on a cold load. It fills the screen under the
 * navigation, so that the footer starts below the fold and does not jump when the page arrives.
 */
export const loading = (label?: string) =>
  function PageLoading() {
    return (
      <div className="min-h-[calc(100dvh-4rem)]">
        <LoadingFallback label={label} />
      </div>
    );
  };

/** Wraps a layout's pages so that a page error shows the error screen inside the layout. */
export function withErrorScreen(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, HydrateFallback: loading(), children }];
}
