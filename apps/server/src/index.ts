import "dotenv/config";
import { serveBackups } from "./backup/control.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { DEMO_PASSWORD, existingDemoLogins, seedDemoData } from "./seed/demo.js";
import { DEFAULT_WEB_DIST, openDatabaseFor, startServer } from "./server.js";
import { webMissingInProduction, webState } from "./web/build.js";

let config: Config;
try {
  // WEB_DIST: another build of the web app (a benchmark's or a second checkout's); the default is apps/web/dist.
  const webDist = process.env.WEB_DIST || DEFAULT_WEB_DIST;
  config = { ...loadConfig(), webDist };
  // Production serves the built web app or does not start (development says what to run instead: web/static.ts).
  if (config.env === "production" && webState(webDist) === "missing") throw new ConfigError(webMissingInProduction(webDist));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabaseFor(config);
if (config.seedDemo) await seedDemoData(database.db, config);
const demo = config.seedDemo ? await existingDemoLogins(database.db) : [];
const server = await startServer(config, database);
await serveBackups(config, server); // `npm run backup` while running on the embedded database (decision 0026)

const lines = [`VA Marketplace is running at ${server.url}`];
if (demo.length) {
  lines.push(`Demo logins (password for all: ${DEMO_PASSWORD}):`);
  for (const login of demo) lines.push(`  ${login.role.padEnd(9)} ${login.username}`);
}
console.log(lines.join("\n"));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal, drainMs: config.shutdownDrainMs }, "shutting down: unready, draining, then finishing requests in flight");
  const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000).unref();
  try {
    await server.shutdown(config.shutdownDrainMs);
    clearTimeout(force);
    process.exit(0);
  } catch (error) {
    server.app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
