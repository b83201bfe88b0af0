import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  isLoopbackHttp,
  messageSchema,
  PUSH_KINDS,
  PUSH_MSG,
  pushKeySchema,
  pushSettingsSchema,
  pushSettingsUpdateSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "@vam/shared";
import { browserLabel } from "../session/browser-label.js";
import { currentUser } from "../session/authenticate.js";
import { bearer, errorResponses } from "../http/contracts.js";
import { badRequest, notFound } from "../http/errors.js";
import { deleteOwnSubscription, readPushSettings, saveSubscription, subscriptionsOf, writePushSettings } from "./repository.js";

const tags = ["push"];

const deviceSchema = z.object({
  id: z.string(),
  /** "Chrome 131 on Linux". */
  device: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});

/** Web push: the server's key, this device's subscription, and the kinds pushed (decision 0024). */
export async function pushRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  const keyContract = {
    tags,
    summary: "The server's VAPID public key (base64url): the browser's applicationServerKey",
    response: { 200: pushKeySchema, ...errorResponses },
  };
  app.get("/push/key", { schema: keyContract }, async () => {
    if (!app.push.publicKey) throw notFound(PUSH_MSG.notConfigured);
    return { publicKey: app.push.publicKey };
  });

  const subscribeContract = {
    tags,
    summary: "Turn push notifications on for this device (the browser's PushSubscription as JSON)",
    security: bearer,
    body: pushSubscriptionSchema,
    response: { 201: messageSchema, ...errorResponses },
  };
  app.post("/push/subscriptions", { ...auth, schema: subscribeContract }, async (request, reply) => {
    const me = currentUser(request);
    const { endpoint, keys } = request.body;
    // Plain http reaches only a stand-in on this machine, and never where NODE_ENV=production.
    if (isLoopbackHttp(endpoint) && app.config.env === "production") throw badRequest(PUSH_MSG.endpointInvalid, "endpoint");
    if (!app.push.publicKey) throw notFound(PUSH_MSG.notConfigured);
    await saveSubscription(app.db, {
      userId: me.id,
      sessionId: request.sessionId!,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      deviceLabel: browserLabel(request.headers["user-agent"] ?? null),
    });
    request.log.info({ userId: me.id, service: new URL(endpoint).origin }, "push subscription saved");
    return reply.code(201).send({ message: PUSH_MSG.subscribed });
  });

  const unsubscribeContract = {
    tags,
    summary: "Turn push notifications off for this device (by its endpoint)",
    security: bearer,
    querystring: pushUnsubscribeSchema,
    response: { 200: messageSchema, ...errorResponses },
  };
  app.delete("/push/subscriptions", { ...auth, schema: unsubscribeContract }, async (request) => {
    const me = currentUser(request);
    if (!(await deleteOwnSubscription(app.db, me.id, request.query.endpoint))) throw notFound(PUSH_MSG.subscriptionNotFound);
    return { message: PUSH_MSG.unsubscribed };
  });

  const listContract = {
    tags,
    summary: "The account's devices that receive push notifications",
    security: bearer,
    response: { 200: z.object({ subscriptions: z.array(deviceSchema) }), ...errorResponses },
  };
  app.get("/push/subscriptions", { ...auth, schema: listContract }, async (request) => {
    const rows = await subscriptionsOf(app.db, currentUser(request).id);
    return {
      subscriptions: rows.map((row) => ({
        id: row.id,
        device: row.deviceLabel,
        endpoint: row.endpoint,
        createdAt: row.createdAt.toISOString(),
        lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      })),
    };
  });

  const settingsAnswer = z.object({ settings: pushSettingsSchema });
  const readSettingsContract = {
    tags,
    summary: "Which kinds of push notification the account gets (on all its devices)",
    security: bearer,
    response: { 200: settingsAnswer, ...errorResponses },
  };
  app.get("/push/settings", { ...auth, schema: readSettingsContract }, async (request) => ({
    settings: await readPushSettings(app.db, currentUser(request).id),
  }));

  const writeSettingsContract = {
    tags,
    summary: "Switch kinds of push notification on or off (any of them)",
    security: bearer,
    body: pushSettingsUpdateSchema,
    response: { 200: settingsAnswer.extend({ message: z.string() }), ...errorResponses },
  };
  app.put("/push/settings", { ...auth, schema: writeSettingsContract }, async (request) => {
    const changes = request.body;
    const settings = await writePushSettings(
      app.db,
      currentUser(request).id,
      PUSH_KINDS.filter((kind) => changes[kind] === false),
      PUSH_KINDS.filter((kind) => changes[kind] === true),
    );
    return { settings, message: PUSH_MSG.settingsSaved };
  });
}
