import { z } from "zod";
import { singleLineText } from "./fields.js";

/**
 * Web push notifications (issue 33; decision 0024): a person turns them on per device, and
 * switches each kind off or on for all their devices, like the email switches.
 */
export const PUSH_KINDS = ["messages", "bookings", "payments", "payouts"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  messages: "New messages",
  bookings: "Booking changes",
  payments: "Payments verified",
  payouts: "Payouts and refunds sent",
};

export const PUSH_MSG = {
  endpointInvalid: "The push subscription's endpoint must be an https:// address",
  keysInvalid: "The push subscription's keys are missing or not valid",
  subscribed: "Push notifications are on for this device",
  unsubscribed: "Push notifications are off for this device",
  subscriptionNotFound: "This device has no push subscription",
  settingsSaved: "Push notification settings saved",
  notConfigured: "Push notifications are not set up on this server",
  // The notifications page's control.
  turnOn: "Turn on push notifications on this device",
  turnOff: "Turn off push notifications on this device",
  stateOn:
    "Push notifications are on for this device: you are told of new messages, booking changes, payments and payouts even when the site is closed.",
  stateOff:
    "Get a notification on this device when a message, a booking change, a verified payment or a payout comes in, even when the site is closed.",
  stateBlocked: "Notifications are blocked for this site in this browser. Allow them in the browser's site settings, then come back to turn them on.",
  stateUnsupported: "This browser cannot show push notifications from this site.",
  permissionDismissed: "Push notifications stay off: the browser's permission was not given.",
  loadFailed: "Could not load your push notification settings.",
  turnOnFailed: "Could not turn on push notifications on this device. Please try again.",
  turnOffFailed: "Could not turn off push notifications on this device. Please try again.",
  settingsFailed: "Could not save your push notification settings.",
  // The offer after a client's first booking (the same control, once per device).
  offerTitle: "Alerts on this device",
  offer: (firstName: string) => `Get alerts on this device when ${firstName} replies or your booking changes.`,
  offerNotNow: "Not now",
  offerLater: "You can turn them on later on the Notifications page.",
} as const;

/** Loopback hosts: a plain-http endpoint is accepted for them outside production only (a test's stand-in push service). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether an endpoint is plain http on this machine (the server refuses it where NODE_ENV=production). */
export const isLoopbackHttp = (endpoint: string) => {
  try {
    const url = new URL(endpoint);
    return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
};

const pushEndpoint = singleLineText({ error: PUSH_MSG.endpointInvalid })
  .min(1, PUSH_MSG.endpointInvalid)
  .max(2000, PUSH_MSG.endpointInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password) || isLoopbackHttp(value);
    } catch {
      return false;
    }
  }, PUSH_MSG.endpointInvalid);

/** base64url (padded or not) of exactly `bytes` bytes: its length says so, without decoding it. */
const base64urlKey = (bytes: number) =>
  z
    .string({ error: PUSH_MSG.keysInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MSG.keysInvalid)
    .refine((value) => value.replace(/=+$/, "").length === Math.ceil((bytes * 4) / 3), PUSH_MSG.keysInvalid);

/**
 * What the browser's `PushSubscription.toJSON()` gives: the push service's endpoint, the
 * device's P-256 public key (65 bytes, uncompressed) and its 16-byte authentication secret.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed point starts with the byte 4, which base64url writes as "B".
      p256dh: base64urlKey(65).refine((value) => value.startsWith("B"), PUSH_MSG.keysInvalid),
      auth: base64urlKey(16),
    },
    { error: PUSH_MSG.keysInvalid },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** `DELETE /push/subscriptions?endpoint=`: this device's subscription, by its endpoint (in the query: the access log leaves it out). */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });

/** `GET /push/key`: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** Every kind with whether it is pushed; PUT takes any subset. */
export const pushSettingsSchema = z.object(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<PushKind, z.ZodBoolean>);
export type PushSettings = z.infer<typeof pushSettingsSchema>;
export const pushSettingsUpdateSchema = pushSettingsSchema.partial();

/** What a push carries (encrypted for the device): shown by the service worker, `url` opened on click. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string().optional() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
