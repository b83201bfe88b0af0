// The real server plus one bare JSON route, to compare the search against the framework's floor,
// and one that tells its memory.
import path from "node:path";
import { loadConfig } from "../../apps/server/src/config.js";
import { buildApp } from "../../apps/server/src/app.js";
import { openDatabase } from "../../apps/server/src/db/client.js";

const config = loadConfig({ ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" });
const database = await openDatabase({ url: config.databaseUrl, poolSize: 20, pgliteDir: path.join(config.dataDir, "db") });
const app = await buildApp({ config, database });
app.get("/bench/bare", async () => ({ ok: true }));
app.get("/bench/memory", async () => {
  globalThis.gc?.();
  return { ...process.memoryUsage(), listings: app.searchIndex.index.size };
});
// How the search index started (from its snapshot or the database) and the snapshot it wrote: bench:search-start.
app.get("/bench/search-start", async () => ({ started: app.searchIndex.started, written: app.searchIndex.written }));
await app.listen({ port: config.port, host: "127.0.0.1" });
process.send?.("ready");
process.on(
  "SIGTERM",
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
