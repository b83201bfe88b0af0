import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { buildApp, type AppDeps } from "./app.js";
import { openDatabase, type Database } from "./db/client.js";
import { SERVER_ROOT } from "./paths.js";

export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../web/dist", SERVER_ROOT));

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Stops accepting connections, lets requests in flight finish, then releases the database. */
  close(): Promise<void>;
  /**
   * Shutting down behind a balancer (decision 0017): unready at once, sockets moved away, every
   * answer closes its connection; after `drainMs` it stops listening and closes.
   */
  shutdown(drainMs: number): Promise<void>;
}

/** After it stops listening, how long a stopping instance waits for its last connections to end by themselves. */
const CLOSE_GRACE_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const openConnections = (server: net.Server) => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

export async function openDatabaseFor(config: Config): Promise<Database> {
  return openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
}

export async function startServer(config: Config, database?: Database, { logStream }: Pick<AppDeps, "logStream"> = {}): Promise<RunningServer> {
  const db = database ?? (await openDatabaseFor(config));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  // Without a listener ioredis prints every failed reconnection; readiness reports the outage.
  const logTo: { log?: FastifyBaseLogger } = {};
  redis?.on("error", (error: Error) => logTo.log?.warn({ err: error }, "redis: connection failed"));
  const app = await buildApp({ config, database: db, redis, logStream });
  logTo.log = app.log;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const close = async () => {
    await app.close();
    redis?.disconnect();
    await db.close();
  };
  return {
    app,
    database: db,
    url: `http://${shownHost}:${port}`,
    close,
    async shutdown(drainMs) {
      app.lifecycle.draining = true;
      app.realtime.drain();
      if (drainMs > 0) await sleep(drainMs);
      // Stop listening first, without the HTTP server's closing of idle connections: a connection
      // accepted a moment ago whose request is not read yet counts as idle, and closing it would
      // reset a request the balancer already sent (and cannot resend if it was a POST). Those
      // connections get their answer (which closes them) in the grace period; then the usual close.
      net.Server.prototype.close.call(app.server);
      const graceEnds = Date.now() + CLOSE_GRACE_MS;
      while (Date.now() < graceEnds && (await openConnections(app.server)) > 0) await sleep(25);
      await close();
    },
  };
}
