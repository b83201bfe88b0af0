import type { ComponentType } from "react";
import type { ActionFunction, LoaderFunction, RouteObject } from "react-router";
import { importAgain } from "../lib/import-again";
import { PageLoading } from "./LoadingFallback";
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

/** A route's HydrateFallback: the page's loading text (`PAGE_LOADING`) where the page goes, on a cold load. */
export const loading = (label?: string) =>
  function RouteLoading() {
    return <PageLoading label={label} />;
  };

/** Wraps a layout's pages so that a page error shows the error screen inside the layout. */
export function withErrorScreen(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, HydrateFallback: loading(), children }];
}
