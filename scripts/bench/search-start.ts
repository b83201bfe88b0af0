// npm run bench:search-start — how long a server instance takes to be ready (its search index
// loaded and caught up, decision 0029) on PostgreSQL, with and without the index's snapshot.
//
//   BENCH_LISTINGS (1,000,000)   BENCH_STARTS (3) starts of each kind (BENCH_SNAPSHOT_STARTS: from the snapshot)   BENCH_PORT (3998)
//   BENCH_CHANGES (1,000)        listings edited before each start from the snapshot (the n-th start catches up on n × that)
//   BENCH_DB (bench_search_start) the database's name; BENCH_REUSE=1 keeps one already seeded with as many listings
//   BENCH_KEEP=1                 leave the database (to run again with BENCH_REUSE=1)
//   BENCH_MODES (full,snapshot)  which starts: `full` (no snapshot: everything from the database), `snapshot`
//   BENCH_SERVER                 another bench server.ts (another tree's, for a before-and-after)
//   BENCH_NODE_FLAGS (--max-old-space-size=8192)
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { SNAPSHOT_FILE } from "../../apps/server/src/profiles/search-snapshot.js";
import { freshDatabase } from "./cluster.js";
import { seed } from "./search-seed.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number (got ${process.env[name]})`);
    process.exit(2);
  }
  return value;
};
const LISTINGS = number("BENCH_LISTINGS", 1_000_000);
const STARTS = number("BENCH_STARTS", 3);
const SNAPSHOT_STARTS = number("BENCH_SNAPSHOT_STARTS", STARTS);
const CHANGES = number("BENCH_CHANGES", 1000);
const PORT = number("BENCH_PORT", 3998);
const NAME = process.env.BENCH_DB ?? "bench_search_start";
const MODES = (process.env.BENCH_MODES ?? "full,snapshot").split(",");
const SERVER = process.env.BENCH_SERVER ?? fileURLToPath(new URL("./server.ts", import.meta.url));
const FLAGS = (process.env.BENCH_NODE_FLAGS ?? "--max-old-space-size=8192").split(" ").filter(Boolean);
const BASE = `http://127.0.0.1:${PORT}`;
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) {
  console.error(`BENCH_DB must be a plain database name (got ${NAME})`);
  process.exit(2);
}
if (MODES.some((mode) => mode !== "full" && mode !== "snapshot")) {
  console.error(`BENCH_MODES takes full and snapshot (got ${MODES.join(",")})`);
  process.exit(2);
}

const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  return url.toString();
};

/** The seeded database: reused when asked and it holds as many listings, else made anew. */
async function database(): Promise<string> {
  if (process.env.BENCH_REUSE === "1") {
    const client = new pg.Client({ connectionString: databaseUrl() });
    try {
      await client.connect();
      const { rows } = await client.query<{ n: string }>("select count(*) as n from profiles");
      if (Number(rows[0]!.n) >= LISTINGS) {
        console.log(`Reusing ${NAME}: ${Number(rows[0]!.n).toLocaleString("en")} listings`);
        return databaseUrl();
      }
    } catch {
      // not there yet: seeded below
    } finally {
      await client.end().catch(() => {});
    }
  }
  const url = await freshDatabase(ADMIN_URL, NAME);
  const db = await openDatabase({ url, poolSize: 2 });
  console.log(`Seeding ${LISTINGS.toLocaleString("en")} Assistant listings into PostgreSQL...`);
  const took = await seed(db, LISTINGS);
  console.log(`  listings in ${took.seed.toFixed(1)} s`);
  await db.close();
  return url;
}

/** The child's CPU time so far (user + system, s), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const get = async <T>(url: string): Promise<T | undefined> => {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
};

interface Started {
  from: string;
  reason?: string;
  ms: number;
}
interface Written {
  bytes: number;
  ms: number;
}

/** Starts the server, polls /api/ready; answers when it first said ready, its CPU then, its memory, and how its index loaded. */
async function start(env: Record<string, string>) {
  // Another process answering on the port would pass for this server.
  if (
    await fetch(`${BASE}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`something already listens on port ${PORT}: set BENCH_PORT`);
  const began = performance.now();
  const server = fork(SERVER, {
    env: { ...process.env, ...env, PORT: String(PORT), AUTH_RATE_LIMIT_PER_MINUTE: "100000", SEARCH_POLL_MS: "2000" },
    execArgv: ["--import", "tsx", "--expose-gc", ...FLAGS],
  });
  let exited = false;
  server.once("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error("the server exited before it was ready");
    if (await get(`${BASE}/api/ready`)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ready = (performance.now() - began) / 1000;
  const cpu = cpuSeconds(server.pid!);
  const memory = (await get<{ rss: number; heapUsed: number; listings: number }>(`${BASE}/bench/memory`))!;
  const index = await get<{ started?: Started; written?: Written }>(`${BASE}/bench/search-start`);
  return { server, ready, cpu, memory, index };
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

/** Edits `CHANGES` listed users' names and places: the change log the next start catches up on. */
async function change(url: string, round: number) {
  if (CHANGES === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `update users set first_name = first_name || 'x', location = 'Bench Town ${round}, Cebu'
      where id in (select user_id from profiles order by user_id offset ${round * CHANGES} limit ${CHANGES})`,
  );
  await client.end();
}

async function main() {
  const url = await database();
  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-bench-start-"));
  const snapshot = path.join(dataDir, "search-snapshot", SNAPSHOT_FILE);
  const env = { DATABASE_URL: url, DATA_DIR: dataDir };
  const rows: string[] = [];
  const row = (kind: string, run: Awaited<ReturnType<typeof start>>, extra: string) => {
    const line = `| ${kind} | ${run.ready.toFixed(1)} | ${run.cpu.toFixed(1)} | ${(run.memory.rss / 2 ** 20).toFixed(0)} | ${(run.memory.heapUsed / 2 ** 20).toFixed(0)} | ${run.memory.listings.toLocaleString("en")} | ${extra} |`;
    rows.push(line);
    console.log(line);
  };
  console.log(
    `\nStarts at ${LISTINGS.toLocaleString("en")} listings (load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(", ")}; this process may use ${availableParallelism()} of the machine's cores)\n`,
  );
  console.log("| start | ready s | CPU s | RSS MiB | heap MiB | listings | notes |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  try {
    if (MODES.includes("full")) {
      for (let i = 0; i < STARTS; i++) {
        await rm(snapshot, { force: true });
        const run = await start(env);
        // The start that loaded everything writes a snapshot at once: what it costs.
        let written: Written | undefined;
        for (let waited = 0; waited < 600 && run.index; waited++) {
          written = (await get<{ written?: Written }>(`${BASE}/bench/search-start`))?.written;
          if (written) break;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        const size = await stat(snapshot).then(
          (s) => s.size,
          () => 0,
        );
        row(
          "full load",
          run,
          written
            ? `then wrote the snapshot: ${(written.ms / 1000).toFixed(1)} s, ${(size / 2 ** 20).toFixed(0)} MiB`
            : (run.index?.started?.reason ?? "no snapshot kept"),
        );
        await stop(run.server);
      }
    }
    if (MODES.includes("snapshot")) {
      if (!(await stat(snapshot).catch(() => undefined))) {
        // A snapshot to start from: one full start writes it.
        const run = await start(env);
        for (let waited = 0; waited < 600 && !(await get<{ written?: Written }>(`${BASE}/bench/search-start`))?.written; waited++)
          await new Promise((resolve) => setTimeout(resolve, 1000));
        await stop(run.server);
      }
      for (let i = 0; i < SNAPSHOT_STARTS; i++) {
        await change(url, i);
        const run = await start(env);
        const started = run.index?.started;
        row(
          "from the snapshot",
          run,
          // Each round edits 1,000 other listings; the snapshot is the full start's: the n-th start catches up on all n rounds.
          started?.from === "snapshot"
            ? `${((i + 1) * CHANGES).toLocaleString("en")} listings changed since, caught up`
            : `not used: ${started?.reason}`,
        );
        await stop(run.server);
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP !== "1") {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${NAME} with (force)`);
      await admin.end();
    }
  }
}

await main();
