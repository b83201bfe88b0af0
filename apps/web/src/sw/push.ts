/**
 * Web Push in the service worker (decision 0024; apps/server/src/push/ sends them): a push
 * carries `{ title, body, url, tag }`, encrypted for this browser (RFC 8291) and decrypted by it
 * before the "push" event; the worker shows it, and a click opens its page (or focuses a tab of
 * the app and takes it there). sw.ts calls `installPushHandlers()` once, when the worker starts.
 */
declare const self: ServiceWorkerGlobalScope;

interface PushContent {
  title: string;
  body: string;
  /** A path of the app ("/chat/…", "/bookings/…"). */
  url: string;
  tag?: string;
}

/** Only a path of this site is opened: a push never sends anyone elsewhere. */
const samePath = (url: unknown) => (typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/notifications");

/** What a push carries, or a generic notice when it cannot be read (a push must show something). */
function contentOf(event: PushEvent): PushContent {
  try {
    const data = event.data?.json() as Partial<PushContent> | undefined;
    if (data && typeof data.title === "string") {
      return {
        title: data.title,
        body: typeof data.body === "string" ? data.body : "",
        url: samePath(data.url),
        tag: typeof data.tag === "string" ? data.tag : undefined,
      };
    }
  } catch {
    // not JSON: the generic notice below
  }
  return { title: "VA Marketplace", body: "You have a new notification.", url: "/notifications" };
}

/** A push message arrived: show it (a newer one of the same tag replaces the one shown). */
export function handlePush(event: PushEvent): void {
  const content = contentOf(event);
  event.waitUntil(
    self.registration.showNotification(content.title, {
      body: content.body,
      tag: content.tag,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: content.url },
    }),
  );
}

/** A click on a shown notification: to its page, in a tab of the app if one is open, else a new one. */
export function handleNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const url = samePath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const target = new URL(url, self.location.origin).href;
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
}

/** Adds the worker's push listeners. */
export function installPushHandlers(): void {
  self.addEventListener("push", handlePush);
  self.addEventListener("notificationclick", handleNotificationClick);
}
