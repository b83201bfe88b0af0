import type { ReactNode } from "react";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Link, isRouteErrorResponse, useRouteError } from "react-router";

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === "string" && error.data) return error.data;
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  return "An unexpected error occurred";
}

/** The error screen; its action defaults to the way back to search. */
export function ErrorScreen({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-rose-500/15 text-rose-400">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-white">Something went wrong</h1>
      <p className="mt-2 text-slate-400">{message}</p>
      {action ?? (
        <Link to="/profile/list" className="btn-primary mt-6">
          Go to Search
        </Link>
      )}
    </div>
  );
}

export function RouteError() {
  return <ErrorScreen message={errorMessage(useRouteError())} />;
}
