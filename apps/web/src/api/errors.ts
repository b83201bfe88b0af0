import type { ApiError as ApiErrorBody } from "@vam/shared";

/**
 * What a refusal may carry besides its message and field: what stood in the way (a weekly series'
 * `takenDates`, time off's `bookings`). Every optional field of the shared error answer.
 */
export type ErrorDetails = Omit<ApiErrorBody, "message" | "field">;

/** The server answered with an error status. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's own `message`, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  /** The answer's other fields, when it sent any. */
  readonly details: ErrorDetails | undefined;

  constructor(status: number, statusText: string, serverMessage?: string, field?: string, details?: ErrorDetails) {
    super(serverMessage ?? `Request failed: ${status} ${statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.serverMessage = serverMessage;
    this.field = field;
    this.details = details;
  }
}

/** The request never got an answer (server down, offline, CORS...). */
export class NoResponseError extends Error {
  constructor(cause?: unknown) {
    super("No response received from server", { cause });
    this.name = "NoResponseError";
  }
}

/** The server's explanation of a refusal (400, 404, 409...), else the page's own text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.serverMessage ? error.serverMessage : fallback;
}
