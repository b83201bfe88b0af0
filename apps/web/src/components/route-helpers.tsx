import type { ComponentType } from "react";
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from "react-router";
import { importAgain } from "../lib/import-again";
import { PageLoading } from "./LoadingFallback";
import { RouteError } from "./RouteError";

/** How routes are declared (each feature's routes.tsx, router.tsx and the console's admin-routes.tsx). */

/**
 * A feature's routes (`features/<name>/routes.tsx`, exported by its public module), which router.tsx
 * places: its pages for anyone (under the public layout), its pages for the signed-in (under the
 * protected layout), and its data routes (under DATA_ROOT, decision 0004).
 */
export interface FeatureRoutes {
  publicPages?: RouteObject[];
  signedInPages?: RouteObject[];
  dataRoutes?: RouteObject[];
}

/** A data route's shouldRevalidate when it is read only when asked (`fetcher.load`), never again by React Router. */
export const readOnce = () => false;

/**
 * A page module (default export) and, when it has them, its loader's and action's modules: loaded
 * together when the page's address is first opened. A feature's routes.tsx gives the loader as
 * `() => import("./x").then((module) => module.xLoader)`: the build's shortest form of it (the
 * routes are in the first chunk).
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

/** What a page's route has besides its address and module, when it has it. */
export interface PageParts {
  /** The loader's module, given as `() => import("./x").then((module) => module.xLoader)`. */
  loader?: () => Promise<LoaderFunction>;
  /** The action's module, in the same form. */
  action?: () => Promise<ActionFunction>;
  /** The text shown where the page goes while a cold load waits (`PAGE_LOADING`); the layout's otherwise. */
  loading?: string;
  /** When the loader runs again (React Router's default otherwise). */
  shouldRevalidate?: ShouldRevalidateFunction;
}

/** A page's route: its address, its module (default export) and its parts, loaded together when the address is first opened (`lazyPage`). */
export function pageRoute(path: string, page: () => Promise<{ default: ComponentType }>, parts: PageParts = {}): RouteObject {
  const { loader, action, loading: label, shouldRevalidate } = parts;
  return {
    path,
    ...(label !== undefined && { HydrateFallback: loading(label) }),
    ...(shouldRevalidate && { shouldRevalidate }),
    lazy: lazyPage(page, loader, action),
  };
}

/**
 * The declaration of a feature's data routes (decision 0004), whose loaders and actions are in one
 * module (`<feature>-data.ts`) that the first use of any of them loads:
 * `const dataRoute = dataRoutesIn(() => import("./x-data"))`, then
 * `dataRoute(PATH, (module) => ({ loader: module.xLoader }))`.
 */
export function dataRoutesIn<Module>(load: () => Promise<Module>) {
  return (
    path: string,
    pick: (module: Module) => Pick<RouteObject, "loader" | "action">,
    shouldRevalidate?: ShouldRevalidateFunction,
  ): RouteObject => ({
    path,
    ...(shouldRevalidate && { shouldRevalidate }),
    lazy: async () => pick(await importAgain(load)),
  });
}

/** A route's HydrateFallback: the page's loading text (`PAGE_LOADING`) where the page goes, on a cold load. */
export const loading = (label?: string) =>
  function RouteLoading() {
    return <PageLoading label={label} />;
  };

/**
 * Wraps a layout's pages so that a page error shows the error screen inside the layout; `id` names
 * the wrapper, for pages added to it later (router.tsx's lazy route discovery).
 */
export function withErrorScreen(children: RouteObject[], id?: string): RouteObject[] {
  return [{ id, errorElement: <RouteError />, HydrateFallback: loading(), children }];
}
