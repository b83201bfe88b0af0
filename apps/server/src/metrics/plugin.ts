import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { withTimeout } from "../time-limit.js";
import { metricsAccess } from "./access.js";
import { emailQueueState, paymentsWaitingState, sweepLagSeconds, unsentPayoutState } from "./queries.js";
import { isReady } from "./readiness.js";

/** Where Prometheus scrapes each instance: at the root, outside the API (no contract, no docs). */
export const METRICS_PATH = "/metrics";
export const METRICS_REFUSED = "Metrics are not available to this address.";

/** From 5 ms to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape waits this long at most for a database query; past it the gauge is left out. */
const QUERY_TIMEOUT_MS = 3000;

export interface AppMetrics {
  /** This app's own registry (several apps share a process in the tests: never the global one). */
  registry: Registry;
  messagesDelivered: Counter;
  sweepLastRun: Gauge;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The `route` label of a request no route matched (404): never its raw URL, so the series stay few. */
const UNMATCHED = "unmatched";

/**
 * Prometheus metrics at GET /metrics (docs: prom-client). Registered with fastify-plugin right
 * after the error handler, so its hooks see every route: the API, the docs, the web app's files.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "vam_" });
    const log = app.log.child({ module: "metrics" });

    const labelNames = ["method", "route", "status"] as const;
    const requests = new Counter({ name: "vam_http_requests_total", help: "HTTP requests answered", labelNames, registers: [registry] });
    const durations = new Histogram({
      name: "vam_http_request_duration_seconds",
      help: "Time to answer an HTTP request",
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });

    new Gauge({
      name: "vam_sockets_open",
      help: "Socket.IO connections open on this instance",
      registers: [registry],
      collect() {
        this.set(app.realtime.localSocketCount());
      },
    });
    const messagesDelivered = new Counter({
      name: "vam_messages_delivered_total",
      help: "Chat messages handed to the real-time layer for their members",
      registers: [registry],
    });

    // The pool's gauges: absent on the embedded PGlite, which has none. Registered before the gauges
    // that query the database (a scrape collects in this order): they read the pool before the
    // scrape's own queries wait in it.
    new Gauge({
      name: "vam_db_pool_connections",
      help: "Database pool connections: open (total), idle, and the most it opens (max)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.reset();
        const stats = app.database.poolStats();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "max" }, stats.max);
      },
    });
    new Gauge({
      name: "vam_db_pool_waiting",
      help: "Queries waiting for a database pool connection",
      registers: [registry],
      collect() {
        const stats = app.database.poolStats();
        if (stats) this.set(stats.waiting);
        else this.remove();
      },
    });

    // The database's gauges: a failed or slow query leaves the value out, the scrape still answers.
    const fromDatabase = async <T>(what: string, query: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await withTimeout(query(), QUERY_TIMEOUT_MS);
      } catch (error) {
        log.warn({ err: error }, `metrics: ${what} not read`);
        return undefined;
      }
    };
    // Gauges that share one query run it once per scrape (they collect at once): the first one
    // starts it, the others wait for the same answer, and the next scrape asks again.
    const oncePerScrape = <T>(what: string, query: () => Promise<T>) => {
      let pending: Promise<T | undefined> | undefined;
      return () => {
        pending ??= fromDatabase(what, query).finally(() => {
          pending = undefined;
        });
        return pending;
      };
    };
    const readEmailState = oncePerScrape("email queue", () => emailQueueState(app.db));
    new Gauge({
      name: "vam_email_queue_waiting",
      help: "Emails neither sent nor given up",
      registers: [registry],
      async collect() {
        const state = await readEmailState();
        if (state) this.set(state.waiting);
        else this.remove();
      },
    });
    new Gauge({
      name: "vam_email_queue_lag_seconds",
      help: "How long the oldest due email has waited past its due time (0: none due)",
      registers: [registry],
      async collect() {
        const state = await readEmailState();
        if (state) this.set(state.lagSeconds);
        else this.remove();
      },
    });
    // Read first: 0 whenever the database does not answer, which is what an alert on it wants.
    new Gauge({
      name: "vam_ready",
      help: "1 when this instance is ready (GET /api/ready answers 200), 0 when not: a dependency fails or it is shutting down",
      registers: [registry],
      async collect() {
        this.set((await isReady(app)) ? 1 : 0);
      },
    });
    new Gauge({
      name: "vam_sweep_lag_seconds",
      help: "How overdue the oldest booking hold due to expire is (0: none due)",
      registers: [registry],
      async collect() {
        const lag = await fromDatabase("sweep lag", () => sweepLagSeconds(app.db, app.clock.now(), app.config.paymentWindowMs));
        if (lag === undefined) this.remove();
        else this.set(lag);
      },
    });
    const readPaymentsState = oncePerScrape("payments waiting", () => paymentsWaitingState(app.db, app.clock.now()));
    new Gauge({
      name: "vam_payments_waiting",
      help: "Payments waiting for an operator to mark them received or not (the console's Payments list)",
      registers: [registry],
      async collect() {
        const state = await readPaymentsState();
        if (state) this.set(state.waiting);
        else this.remove();
      },
    });
    new Gauge({
      name: "vam_payments_waiting_oldest_seconds",
      help: "How long the oldest payment waiting for verification has waited since the client said they paid (0: none)",
      registers: [registry],
      async collect() {
        const state = await readPaymentsState();
        if (state) this.set(state.oldestSeconds);
        else this.remove();
      },
    });
    const readPayoutState = oncePerScrape("unsent payouts", () => unsentPayoutState(app.db, app.clock.now()));
    new Gauge({
      name: "vam_payout_lines_unsent",
      help: "Payout and refund batch lines not yet marked sent or failed, by kind",
      labelNames: ["kind"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const state = await readPayoutState();
        for (const [kind, { lines }] of Object.entries(state ?? {})) this.set({ kind }, lines);
      },
    });
    new Gauge({
      name: "vam_payout_unsent_oldest_seconds",
      help: "How long ago the oldest payout or refund batch with a line not yet marked sent or failed was run, by kind (0: none)",
      labelNames: ["kind"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const state = await readPayoutState();
        for (const [kind, { oldestSeconds }] of Object.entries(state ?? {})) this.set({ kind }, oldestSeconds);
      },
    });
    const sweepLastRun = new Gauge({
      name: "vam_sweep_last_run_timestamp_seconds",
      help: "When this instance's sweep last finished (Unix time)",
      registers: [registry],
    });
    // Absent until a sweep has finished here, not 1970.
    sweepLastRun.remove();

    app.decorate("metrics", { registry, messagesDelivered, sweepLastRun } satisfies AppMetrics);

    // Labelled by the route's pattern (`/api/profiles/:id`), not the URL: one series per route, not per id.
    app.addHook("onResponse", async (request, reply) => {
      const pattern = request.routeOptions.url;
      if (pattern === METRICS_PATH) return;
      const labels = { method: request.method, route: request.is404 || !pattern ? UNMATCHED : pattern, status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    const access = metricsAccess({ token: app.config.metricsToken, allow: app.config.metricsAllow });
    app.get(
      METRICS_PATH,
      {
        // Not part of the API: left out of the OpenAPI document.
        schema: { hide: true },
        onRequest: async (request, reply) => {
          if (!access.allows(request.socket.remoteAddress, request.headers)) {
            return reply.status(403).send({ message: METRICS_REFUSED });
          }
        },
      },
      async (_request, reply) => {
        const text = await registry.metrics();
        return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(text);
      },
    );

    app.addHook("onClose", async () => registry.clear());
  },
  { name: "vam-metrics" },
);
