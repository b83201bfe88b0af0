import { ApiError, serverMessageOr, type ErrorDetails } from "../api/errors";

export type { ErrorDetails };

/**
 * What a data route's loader answers: the data, or why there is none. A refusal may name its
 * field, and list what stood in the way (`details`: a series' taken dates, the bookings under time off).
 */
export type Result<T = null> = { ok: true; data: T } | { ok: false; status: number; message: string; field?: string; details?: ErrorDetails };

/**
 * Runs a request: its answer, or the failure as data for the page (the server's message for a
 * 4xx, `fallback` otherwise). Never throws: a fetcher's failed load shows where its data goes
 * instead of replacing the page with the error screen.
 */
export async function attempt<T>(request: () => Promise<T>, fallback: string): Promise<Result<T>> {
  try {
    return { ok: true, data: await request() };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const field = error instanceof ApiError ? error.field : undefined;
    const details = error instanceof ApiError && error.status < 500 ? error.details : undefined;
    return { ok: false, status, message: serverMessageOr(error, fallback), ...(field && { field }), ...(details && { details }) };
  }
}
