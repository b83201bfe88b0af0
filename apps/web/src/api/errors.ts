/** The server answered with an error status. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's own `message`, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;

  constructor(status: number, statusText: string, serverMessage?: string, field?: string) {
    super(serverMessage ?? `Request failed: ${status} ${statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.serverMessage = serverMessage;
    this.field = field;
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
