import fp from "fastify-plugin";
import { vapidKeys } from "./keys.js";
import { PushQueue } from "./queue.js";
import { pushRoutes } from "./routes.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Web push (decision 0024): null queue and key when the server has no VAPID key pair (production without one). */
    push: { queue: PushQueue | null; publicKey: string | null };
  }
}

/**
 * Web push, registered once at the root: this instance's push queue (started when the app is
 * ready, stopped when it closes) and the routes under /api.
 */
export const pushFeature = fp(async (app) => {
  const keys = await vapidKeys(app.config);
  const queue = keys
    ? new PushQueue({
        db: app.db,
        keys,
        subject: app.config.vapidSubject,
        log: app.log,
        isVisible: (userId) => app.realtime.isVisible(userId),
        pollMs: app.config.emailPollMs,
      })
    : null;
  if (!keys) app.log.warn("web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)");
  app.decorate("push", { queue, publicKey: keys?.publicKey ?? null });
  if (queue) {
    app.addHook("onReady", () => queue.start());
    app.addHook("onClose", () => queue.stop());
  }
  await app.register(pushRoutes, { prefix: "/api" });
});
