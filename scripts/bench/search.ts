// npm run bench:search — the profile search over HTTP under concurrent clients, on listings
// named and placed from a realistic vocabulary, with queries drawn from it so that they rarely
// repeat. The server keeps no answers (decision 0014): every figure is a search computed anew.
//
//   BENCH_LISTINGS (100,000)  BENCH_CLIENTS (50)  BENCH_SECONDS (10)  BENCH_PORT (3999)
//   BENCH_DB=pglite           the embedded database instead of the PostgreSQL of DATABASE_URL
//   BENCH_INSTANCES (1)       server instances on PostgreSQL, one port each, the clients shared among them
//   BENCH_NODE_FLAGS="..."    flags for the server's node (1,000,000 listings: --max-old-space-size=8192)
//   BENCH_SHAPES=a,b          only the query shapes whose names contain one of these (profiling)
//   BENCH_WRITES=0            skip the write latencies;  BENCH_WRITES_COUNT (300) samples of each write
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { request as undiciRequest } from "undici";
import { hashPassword } from "../../apps/server/src/auth/passwords.js";
import { openDatabase, type Database } from "../../apps/server/src/db/client.js";
import { freshDatabase, startBenchServer, stopBenchServer } from "./cluster.js";
import { load, percentile } from "./load.js";
import { cpuBetween, readCpu, type Groups } from "./proc-cpu.js";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "./ph-vocabulary.js";
import { seed } from "./search-seed.js";
import { shapes } from "./search-shapes.js";
import { seeded } from "./seeded.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PGLITE = process.env.BENCH_DB === "pglite";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? (PGLITE ? 10_000 : 100_000));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const BASE = `http://127.0.0.1:${PORT}`;
const BASES = Array.from({ length: INSTANCES }, (_, i) => `http://127.0.0.1:${PORT + i}`);

/** Seeded: the writes pick the same names on every run. */
const { pick } = seeded(2027);

const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `| ${name.padEnd(28)} | ${r.perSecond.toFixed(0).padStart(6)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ${String(r.errors).padStart(6)} |`;
const HEADER = "| query shape                  |  req/s | p50 ms | p95 ms | p99 ms | errors |\n| --- | ---: | ---: | ---: | ---: | ---: |";

/** Samples of each write: p95 of 100 moved by 5 ms between runs on this machine; of 300 it holds better. */
const WRITES = Number(process.env.BENCH_WRITES_COUNT ?? 300);

/** p50 and p95 of one write after another (no other load): the index's triggers run inside them. */
async function writes() {
  const times: Record<string, number[]> = {
    "registration (argon2 hash included)": [],
    "listing (Make Profile Public)": [],
    "profile update (name and place)": [],
  };
  // Sent as the searches are, with undici's request: fetch's own work (about 1.3 ms a request
  // here, measured 2026-11-26) is the client's, not the server's.
  const send = async (method: "POST" | "PUT", url: string, body?: unknown, token?: string) => {
    const started = performance.now();
    const response = await undiciRequest(BASE + url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.body.json()) as { token?: string; userInfo?: { id: string } };
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, json };
  };
  const [registration, listing, update] = Object.values(times) as [number[], number[], number[]];
  for (let i = 0; i < WRITES; i++) {
    const user = {
      firstName: pick(FIRST_NAMES),
      lastName: pick(LAST_NAMES),
      username: `writer_${Date.now().toString(36)}_${i}`,
      email: `writer${Date.now()}${i}@bench.example`,
      password: "kape-pandesal",
      role: "Assistant",
      location: `${pick(CITIES)}, ${pick(PROVINCES)}`,
      skills: ["SEO"],
      experience: "1-3 years",
      availability: "Full-time",
    };
    registration.push((await send("POST", "/api/auth/register", user)).ms);
    const login = await send("POST", "/api/auth/login", { username: user.username, password: user.password });
    const token = login.json.token!;
    listing.push((await send("POST", "/api/profiles/profile", undefined, token)).ms);
    const changed = { ...user, password: undefined, firstName: pick(FIRST_NAMES), location: `${pick(CITIES)}, ${pick(PROVINCES)}` };
    update.push((await send("PUT", `/api/users/${login.json.userInfo!.id}`, changed, token)).ms);
  }
  // What registration spends on the password alone: the server's own hashing, in this process.
  const hashing: number[] = (times["password hash alone (argon2id, the server's parameters)"] = []);
  for (let i = 0; i < WRITES; i++) {
    const started = performance.now();
    await hashPassword(`secret-${i}`);
    hashing.push(performance.now() - started);
  }
  console.log(`\nwrites, one after another (${WRITES} each)\n\n| write | p50 ms | p95 ms |\n| --- | ---: | ---: |`);
  for (const [name, list] of Object.entries(times)) {
    list.sort((a, b) => a - b);
    console.log(`| ${name} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)} |`);
  }
}

async function main() {
  if (PGLITE && INSTANCES > 1) throw new Error("the embedded database serves one instance: BENCH_INSTANCES needs PostgreSQL");
  let env: Record<string, string>;
  let cleanup = async () => {};
  let database: Database;
  if (PGLITE) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-bench-search-"));
    database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    cleanup = () => rm(dataDir, { recursive: true, force: true });
  } else {
    const url = await freshDatabase(ADMIN_URL, "vam_bench_search");
    database = await openDatabase({ url, poolSize: 2 });
    env = { DATABASE_URL: url };
  }
  console.log(`Seeding ${LISTINGS.toLocaleString("en")} Assistant listings into ${PGLITE ? "the embedded database (PGlite)" : "PostgreSQL"}...`);
  const took = await seed(database, LISTINGS);
  console.log(`  listings in ${took.seed.toFixed(1)} s`);
  await database.close();

  const only = process.env.BENCH_SHAPES?.split(",");
  const all = shapes().filter(([name]) => !only || only.some((part) => name.includes(part)));
  const starting = performance.now();
  const servers: ChildProcess[] = [];
  for (let i = 0; i < INSTANCES; i++) servers.push(await startBenchServer({ ...env, PORT: String(PORT + i), AUTH_RATE_LIMIT_PER_MINUTE: "100000" }));
  try {
    const memory = (await (await fetch(`${BASE}/bench/memory`)).json()) as { rss: number; heapUsed: number; listings: number };
    console.log(
      `  ${INSTANCES === 1 ? "server" : `${INSTANCES} server instances`} started in ${((performance.now() - starting) / 1000).toFixed(1)} s, ${INSTANCES === 1 ? "its" : "each with its"} search index loaded with ${memory.listings.toLocaleString("en")} listings;` +
        ` memory: ${(memory.rss / 2 ** 20).toFixed(0)} MiB resident, ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB heap in use`,
    );
    console.log(
      `\n${CLIENTS} concurrent clients${INSTANCES === 1 ? "" : ` shared by ${INSTANCES} instances`}, ${SECONDS} s per shape, ${LISTINGS.toLocaleString("en")} listings, no cache\n\n${HEADER}`,
    );
    // Who used the 2 cores: the server instances, and this process (the load generator).
    const groups: Groups = { server: async () => servers.map((server) => server.pid!), client: async () => [process.pid] };
    const cpu: string[] = [];
    for (const [name, paths] of all) {
      // Warm-up on the second half of the queries, measured on the first: no measured query was sent before.
      await load(BASES, paths.slice(paths.length / 2), CLIENTS, 2);
      const before = await readCpu(groups);
      console.log(row(name, await load(BASES, paths, CLIENTS, SECONDS)));
      const used = cpuBetween(before, await readCpu(groups));
      const percent = (share: number | undefined) => (share ?? 0).toFixed(0).padStart(3);
      cpu.push(`| ${name.padEnd(28)} | ${percent(used.server)} | ${percent(used.client)} |`);
    }
    console.log(`\nCPU used during each shape's ${SECONDS} s, % of one core (the machine has ${availableParallelism()})\n`);
    console.log(`| query shape                  | server | load generator |\n| --- | ---: | ---: |\n${cpu.join("\n")}`);
    console.log(`\none client at a time (latency without queueing), 3 s per shape\n\n${HEADER}`);
    for (const [name, paths] of all) console.log(row(name, await load(BASE, [...paths].reverse(), 1, 3)));
    if (process.env.BENCH_WRITES !== "0") await writes();
  } finally {
    for (const server of servers) await stopBenchServer(server);
  }
  await cleanup();
}

await main();
