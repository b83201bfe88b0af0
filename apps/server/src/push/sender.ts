import webpush from "web-push";
import type { PushPayload } from "@vam/shared";
import type { VapidKeys } from "./keys.js";

/** How long one push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** A newer push of the same topic replaces one the push service still holds (32 base64url characters at most). */
  topic?: string;
}

export type PushOutcome =
  | { result: "delivered" }
  /** 404 or 410: the subscription is gone (the person unsubscribed, or the browser dropped it). */
  | { result: "gone"; status: number }
  /** Anything else: try again later (`retryAfterMs` when the push service said how long). */
  | { result: "failed"; status?: number; reason: string; retryAfterMs?: number };

/**
 * Sends one push (RFC 8030) to a device: web-push encrypts the payload for the device's keys
 * (RFC 8291, aes128gcm) and signs a VAPID token for the push service's origin (RFC 8292); the
 * request itself goes through fetch, with a time limit.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: VapidKeys,
  subject: string,
  options: PushOptions,
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: "aes128gcm",
      ...(options.topic && { topic: options.topic }),
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length from the body itself.
    // (web-push gives TTL and Content-Length as numbers, whatever its types say.)
    if (name.toLowerCase() !== "content-length") headers[name] = String(value);
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    return { result: "failed", reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  // The answer's body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { result: "delivered" };
  if (response.status === 404 || response.status === 410) return { result: "gone", status: response.status };
  return {
    result: "failed",
    status: response.status,
    reason: `push service answered ${response.status}`,
    retryAfterMs: retryAfter(response.headers.get("retry-after")),
  };
}

/** Retry-After in seconds or as a date, in ms; undefined when absent or unreadable. */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
