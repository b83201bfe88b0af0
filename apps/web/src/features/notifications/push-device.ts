/**
 * This browser's side of web push (decision 0024): whether it can, the permission, and its
 * subscription with the push service, made with the server's key. No request to our server here:
 * the page's loader and action do those.
 */

/** unsupported: no service worker or Push API here (or no worker registered: a development build). */
export type PushState = "checking" | "unsupported" | "blocked" | "off" | "on";

const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** How long to wait for the service worker of a page just loaded (it registers after the load). */
const WORKER_WAIT_MS = 10_000;

/**
 * The service worker's registration: registered by the production build once a page has loaded
 * (pwa/register.ts), so a page opened directly waits for it; none in development.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported() || !import.meta.env.PROD) return undefined;
  const registered = await navigator.serviceWorker.getRegistration();
  if (registered) return registered;
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, WORKER_WAIT_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** The browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return found ? found.pushManager.getSubscription() : null;
}

/** Where this device stands: on only when the browser has a subscription the server knows (`endpoints`). */
export async function readPushState(endpoints: readonly string[]): Promise<PushState> {
  const found = await registration();
  if (!found) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  const subscription = await found.pushManager.getSubscription();
  return subscription && endpoints.includes(subscription.endpoint) ? "on" : "off";
}

/**
 * Where this device stands by the browser alone, before asking our server anything (the offer
 * after a first booking): on when it has a subscription (the notifications page checks it against
 * the server's devices).
 */
export async function readDevicePushState(): Promise<Exclude<PushState, "checking">> {
  const found = await registration();
  if (!found) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  return (await found.pushManager.getSubscription()) ? "on" : "off";
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
};

/**
 * The browser's own prompt for the permission; asked in the press of a button (some browsers
 * refuse to ask otherwise), before any request to our server.
 */
export async function askPushPermission(): Promise<"granted" | "blocked" | "dismissed"> {
  const permission = await Notification.requestPermission();
  return permission === "granted" ? "granted" : permission === "denied" ? "blocked" : "dismissed";
}

/** Subscribes this browser (the permission given) with the server's key: the subscription's JSON for the server. */
export async function subscribeWithKey(publicKey: string): Promise<PushSubscriptionJSON> {
  const ready = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  // Made with another key (the server's changed): a new one, or the push service would refuse our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/**
 * Asks for the permission (the browser's own prompt) and subscribes this browser with the
 * server's key: the subscription's JSON to send to the server, or why there is none.
 */
export async function subscribeThisDevice(publicKey: string): Promise<{ subscription: PushSubscriptionJSON } | { refused: "blocked" | "dismissed" }> {
  const permission = await askPushPermission();
  if (permission !== "granted") return { refused: permission };
  return { subscription: await subscribeWithKey(publicKey) };
}

/** Ends the browser's subscription; answers its endpoint (for the server), or null when there was none. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}
