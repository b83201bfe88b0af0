import { mkdir } from "node:fs/promises";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import type { Redis } from "ioredis";
import { MSG } from "@vam/shared";
import { accountRoutes } from "./account/routes.js";
import { privacyRoutes } from "./account/privacy-routes.js";
import { payoutAccountRoutes } from "./payout-accounts/routes.js";
import { earningsRoutes } from "./earnings/routes.js";
import { receiptRoutes } from "./receipts/routes.js";
import { paymentRoutes } from "./payments/routes.js";
import { reconciliationRoutes } from "./reconciliation/routes.js";
import { payoutRoutes } from "./payouts/routes.js";
import { adminRoutes } from "./admin/routes.js";
import { scheduleSweep } from "./bookings/sweep.js";
import { AdjustableClock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import { authPlugin } from "./session/authenticate.js";
import { authRoutes } from "./auth/routes.js";
import { bookingManagementRoutes } from "./bookings/manage-routes.js";
import { bookingRoutes } from "./bookings/routes.js";
import { cancellationRoutes } from "./bookings/cancellation.js";
import { seriesRoutes } from "./bookings/series-routes.js";
import { chatRoutes } from "./chat/routes.js";
import { galleryRoutes } from "./gallery/routes.js";
import { healthRoutes } from "./health/routes.js";
import { metricsPlugin } from "./metrics/plugin.js";
import { registerContracts } from "./http/contracts.js";
import { frameworkErrors, registerErrorHandler } from "./http/errors.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { loggerOptions } from "./http/logging.js";
import { notificationRoutes } from "./notifications/routes.js";
import { attachRealtime, type Realtime } from "./realtime/hub.js";
import { postingRoutes } from "./postings/routes.js";
import { pushFeature } from "./push/plugin.js";
import { profileRoutes } from "./profiles/routes.js";
import { referralRoutes } from "./referrals/routes.js";
import { reviewRoutes } from "./reviews/routes.js";
import { bookingReviewRoutes } from "./bookings/review-routes.js";
import { testClockRoutes } from "./test-clock/routes.js";
import { timeOffRoutes } from "./time-off/routes.js";
import { SearchReplica } from "./profiles/search-replica.js";
import { SNAPSHOT_DIR } from "./profiles/search-snapshot.js";
import { MAX_UPLOAD_BYTES, uploadRoutes } from "./uploads/routes.js";
import { createStorage, LOCAL_UPLOADS_PREFIX, localUploadsDir, type Storage } from "./uploads/storage.js";
import { userRoutes } from "./users/routes.js";
import { emailRoutes } from "./email/routes.js";
import { createMailer } from "./email/mailer.js";
import { EmailQueue } from "./email/queue.js";
import { API_COMPRESSION } from "./web/compression.js";
import { webRoutes } from "./web/static.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    /** This instance's search index, following the database (decision 0014). */
    searchIndex: SearchReplica;
    realtime: Realtime;
    clock: AdjustableClock;
    /** This instance's worker of the durable email queue; kick it after a commit that queued email. */
    emailQueue: EmailQueue;
    /** Shared Redis client (rate limits, readiness) when REDIS_URL is set. */
    redis: Redis | null;
    /** `draining`: shutting down (decision 0017); readiness says so and every answer closes its connection. */
    lifecycle: { draining: boolean };
    /** Every route as registered (method, URL pattern, contract): the fuzz and OpenAPI tests reach each one. */
    routeList: ReadonlyArray<{ method: string; url: string; schema?: FastifySchema }>;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Shared rate-limit counters when several instances run. */
  redis?: Redis;
  /** The server's time; tests pass one they move. */
  clock?: AdjustableClock;
  /** Where the JSON log lines go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp({ config, database, redis, clock = new AdjustableClock(), logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream && { stream: logStream }) },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors,
    // A plugin may take longer than Fastify's 10 s on a busy machine: the web routes load the page
    // renderer and make the drawn pages' stylesheets at start (decision 0031), about 0.6 s when quiet
    // but over 10 s at a load average of 20 (seen in the tests), where a slow start beats a refused one.
    pluginTimeout: 60_000,
  });
  const storage = createStorage(config);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("storage", storage);
  app.decorate("redis", redis ?? null);
  app.decorate("lifecycle", { draining: false });
  // Closing (a test's close, or the end of a drain) drains too: first of the preClose hooks.
  app.addHook("preClose", async () => {
    app.lifecycle.draining = true;
  });
  // Draining: a balancer's kept-alive connection to this instance is closed after its answer, so
  // none is left to break when the instance stops listening.
  app.addHook("onRequest", async (_request, reply) => {
    if (app.lifecycle.draining) reply.header("connection", "close");
  });
  // The index starts from its snapshot in the data folder and the change log (decision 0029); tests load from the database.
  const search = new SearchReplica(database, app.log, config.searchPollMs, {
    snapshotDir: config.env === "test" ? undefined : path.join(config.dataDir, SNAPSHOT_DIR),
  });
  await search.load();
  app.decorate("searchIndex", search);
  app.addHook("onReady", () => search.start());
  app.addHook("onClose", () => search.stop());
  app.decorate("realtime", attachRealtime(app, config.redisUrl));
  app.decorate("clock", clock);
  const emailQueue = new EmailQueue(database.db, createMailer(config, app.log), app.log, {
    pollMs: config.emailPollMs,
    retryMs: config.emailRetryMs,
  });
  app.decorate("emailQueue", emailQueue);
  app.addHook("onReady", () => emailQueue.start());
  app.addHook("onClose", () => emailQueue.stop());
  const routeList: { method: string; url: string; schema?: FastifySchema }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, schema: route.schema });
  });
  registerErrorHandler(app);
  await app.register(metricsPlugin);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(storage.origin ? [storage.origin] : [])],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: "vam-rate-limit:",
    errorResponseBuilder: () => ({ statusCode: 429, message: MSG.tooManyAttempts }),
  });
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });
  await app.register(authPlugin);
  // Before the routes: the OpenAPI document collects them as they register.
  await registerContracts(app);

  // Web push: this instance's push queue and the /api/push routes (decision 0024).
  await app.register(pushFeature);
  await app.register(
    async (api) => {
      // First: it compresses the answers of the routes registered after it, in this scope only.
      await api.register(fastifyCompress, API_COMPRESSION);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(uploadRoutes);
      await api.register(notificationRoutes);
      await api.register(profileRoutes);
      await api.register(galleryRoutes);
      await api.register(postingRoutes);
      await api.register(bookingRoutes);
      await api.register(bookingManagementRoutes);
      await api.register(seriesRoutes);
      await api.register(cancellationRoutes);
      await api.register(paymentRoutes);
      await api.register(timeOffRoutes);
      await api.register(referralRoutes);
      await api.register(chatRoutes);
      await api.register(bookingReviewRoutes);
      await api.register(reviewRoutes);
      await api.register(adminRoutes);
      await api.register(reconciliationRoutes);
      await api.register(payoutRoutes);
      await api.register(accountRoutes);
      await api.register(privacyRoutes);
      await api.register(payoutAccountRoutes);
      await api.register(earningsRoutes);
      await api.register(receiptRoutes);
      await api.register(emailRoutes);
      if (config.testClock) await api.register(testClockRoutes, { clock });
    },
    { prefix: "/api" },
  );

  if (!config.s3) {
    await mkdir(localUploadsDir(config), { recursive: true });
    await app.register(fastifyStatic, {
      root: localUploadsDir(config),
      prefix: LOCAL_UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: "365d",
      immutable: true,
    });
  }
  if (config.webDist) await app.register(webRoutes, { dist: config.webDist });
  scheduleSweep(app, config.sweepIntervalMs);
  return app;
}
