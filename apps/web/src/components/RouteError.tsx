import type { ReactNode } from "react";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { pageHref, PROFILE_LIST_PAGE } from "../lib/page-routes";

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === "string" && error.data) return error.data;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  return "An unexpected error occurred";
}

/**
 * The error screen; its action defaults to the way back to search. A `refusal` (the app saying no,
 * not failing) shows only its message, as the heading.
 */
export function ErrorScreen({ message, action, refusal = false }: { message: string; action?: ReactNode; refusal?: boolean }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-rose-500/15 text-rose-400">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      {refusal ? (
        <h1 className="text-2xl font-bold text-white">{message}</h1>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-white">Something went wrong</h1>
          <p className="mt-2 text-slate-400">{message}</p>
        </>
      )}
      {action ?? (
        <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="btn-primary mt-6">
          Go to Search
        </Link>
      )}
    </div>
  );
}

/** A route's error element: the error screen, and the page's title says so. */
export function RouteError() {
  useDocumentTitle("Something went wrong");
  return <ErrorScreen message={errorMessage(useRouteError())} />;
}

/** An address that is no page. */
export function PageNotFound() {
  useDocumentTitle("Page not found");
  return <ErrorScreen message="Page not found" />;
}
