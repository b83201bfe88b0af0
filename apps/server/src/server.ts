import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { buildApp, type AppDeps } from "./app.js";
import { openDatabase, type Database } from "./db/client.js";

export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Stops accepting connections, lets requests in flight finish, then releases the database. */
  close(): Promise<void>;
}

export async function openDatabaseFor(config: Config): Promise<Database> {
  return openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
}

export async function startServer(config: Config, database?: Database, { logStream }: Pick<AppDeps, "logStream"> = {}): Promise<RunningServer> {
  const db = database ?? (await openDatabaseFor(config));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({ config, database: db, redis, logStream });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return {
    app,
    database: db,
    url: `http://${shownHost}:${port}`,
    async close() {
      await app.close();
      redis?.disconnect();
      await db.close();
    },
  };
}
