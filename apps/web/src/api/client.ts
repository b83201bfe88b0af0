import { readToken } from "./session-storage";
import { ApiError, NoResponseError, type ErrorDetails } from "./errors";
import { reportUnauthorized } from "./session-events";

const API_BASE = "/api";

type Method = "GET" | "POST" | "PUT" | "DELETE";

function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function errorFields(body: unknown): { message?: string; field?: string; details?: ErrorDetails } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return {};
  // The server strips error answers to the shared schema: whatever else it sent is a detail of the refusal.
  const { message, field, ...rest } = body as Record<string, unknown>;
  return {
    message: typeof message === "string" && message ? message : undefined,
    field: typeof field === "string" ? field : undefined,
    details: Object.keys(rest).length > 0 ? (rest as ErrorDetails) : undefined,
  };
}

/** Turns an error answer into an ApiError, logging it and signing out on 401. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const { message, field, details } = errorFields(body);
  console.error("API error", { status, message, data: body });
  if (status === 401) reportUnauthorized();
  return new ApiError(status, statusText, message, field, details);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a request; an answer with an error status becomes an ApiError, no answer a NoResponseError.
 * A request cancelled through `signal` (a newer one replaced it) rejects with the signal's reason, unlogged.
 */
async function send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...authHeaders() };
  // A form (a file and its fields) goes as multipart, its boundary set by the browser; anything else as JSON.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: "include",
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    console.error("API error", { path, message: String(error) });
    throw new NoResponseError(error);
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, await readBody(response));
  return response;
}

async function request<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return (await readBody(await send(method, path, body, signal))) as T;
}

/** A file the server sends (e.g. a calendar file): its content and the name the server gave it. */
async function file(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send("GET", path);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

export const api = {
  file,
  get: <T>(path: string, options?: { signal?: AbortSignal }) => request<T>("GET", path, undefined, options?.signal),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  /** A multipart form: a file and text fields (absent ones left out). */
  postForm: <T>(path: string, fields: Record<string, string | Blob | undefined>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    return request<T>("POST", path, form);
  },
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  delete: <T>(path: string) => request<T>("DELETE", path),
};
