// npm run bench:system — the whole system under a mixed day of traffic: nginx with the shipped
// deploy/nginx.conf (TLS, round robin, WebSocket) in front of one, then two instances of the real
// server (apps/server/src/index.ts, NODE_ENV=production) on PostgreSQL and Redis. Hundreds of
// signed-in people hold a socket each; requests arrive open-loop (Poisson arrivals at a target
// rate, not clients waiting for their answers), the rate rising step by step until the errors or
// the p95 cross their bound. Per step and per request: p50/p95/p99, errors, and who used the CPU.
// Everything on loopback; the load generator is this process, on the same two cores.
//
//   BENCH_LISTINGS (2,000)  BENCH_BOSSES (400)  BENCH_ONLINE_ASSISTANTS (200)  BENCH_CHATS (600)
//   BENCH_INSTANCES (1,2)   the runs, one per number of instances, each on a fresh copy of the data
//   BENCH_START_RATE (25)   requests/s of the first step; each next step × BENCH_RATE_FACTOR (1.5)
//   BENCH_MAX_RATE (3,000)  no step above it
//   BENCH_STEP_SECONDS (15) per step, of which BENCH_WARMUP_SECONDS (3) are not measured; before the
//                           first step, BENCH_FIRST_WARMUP_SECONDS (10) at the starting rate, not measured
//   BENCH_REFINE (2)        steps between the last good rate and the first bad one (geometric middle)
//   BENCH_P95_MS (500)      bound on the p95 of all requests of a step
//   BENCH_ERROR_PERCENT (1) bound on errors (and arrivals not sent: BENCH_MAX_IN_FLIGHT reached)
//   BENCH_MAX_IN_FLIGHT (256) requests in flight at most (also the keep-alive connections to nginx)
//   BENCH_TIMEOUT_MS (10,000) a request without its answer by then is an error
//   BENCH_PROFILE (unset)   a folder: CPU profiles of the instances (node --cpu-prof), one subfolder per run
//   BENCH_DOC (1)           0: print only; else also write the results between the markers of
//                           docs/benchmarks.md ("bench:system results")
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { promisify } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as prettier from "prettier";
import { Agent, request } from "undici";
import { io, type Socket } from "socket.io-client";
import type { ServerToClientEvents } from "@vam/shared";
import { freePort, nginxBinary, startBalancer, type Balancer } from "../../apps/server/test/helpers/balancer.js";
import { startServerProcess, type ServerProcess } from "../../apps/server/test/helpers/process.js";
import { cpuBetween, pidsListeningOn, pidsNamed, readCpu, type CpuReading, type Groups } from "./proc-cpu.js";
import { percentile as percentileOf } from "./load.js";
import { seeded } from "./seeded.js";
import { copyDatabase, dropDatabase, seedMarketplace, type Marketplace, type OnlineUser } from "./system-seed.js";
import { GROUPS, MIX, MixedDay, type Call, type CallName } from "./system-traffic.js";

const run = promisify(execFile);
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SIZES = {
  listings: env("BENCH_LISTINGS", 2000),
  bosses: env("BENCH_BOSSES", 400),
  onlineAssistants: env("BENCH_ONLINE_ASSISTANTS", 200),
  chats: env("BENCH_CHATS", 600),
};
const INSTANCE_COUNTS = (process.env.BENCH_INSTANCES ?? "1,2").split(",").map(Number);
const START_RATE = env("BENCH_START_RATE", 25);
const RATE_FACTOR = env("BENCH_RATE_FACTOR", 1.5);
const MAX_RATE = env("BENCH_MAX_RATE", 3000);
const STEP_SECONDS = env("BENCH_STEP_SECONDS", 15);
const WARMUP_SECONDS = env("BENCH_WARMUP_SECONDS", 3);
const FIRST_WARMUP_SECONDS = env("BENCH_FIRST_WARMUP_SECONDS", 10);
const REFINE = env("BENCH_REFINE", 2);
const P95_MS = env("BENCH_P95_MS", 500);
const ERROR_PERCENT = env("BENCH_ERROR_PERCENT", 1);
const MAX_IN_FLIGHT = env("BENCH_MAX_IN_FLIGHT", 256);
const TIMEOUT_MS = env("BENCH_TIMEOUT_MS", 10_000);
const WRITE_DOC = process.env.BENCH_DOC !== "0";
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
/** At most this many steps per run, refinements included: the ladder is bounded whatever the settings. */
const MAX_STEPS = 30;

const TEMPLATE_DB = "vam_bench_system_seed";
const RUN_DB = "vam_bench_system";
const DOC = fileURLToPath(new URL("../../docs/benchmarks.md", import.meta.url));
const BEGIN_MARK = "<!-- bench:system results: begin (written by npm run bench:system) -->";
const END_MARK = "<!-- bench:system results: end -->";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => percentileOf(sorted, p, NaN);
const ms = (value: number) => (Number.isNaN(value) ? "—" : value < 10 ? value.toFixed(1) : value.toFixed(0));
const whole = (value: number) => Math.round(value).toLocaleString("en");

/** Resolves with `work`, or with undefined after `limit` ms (what it was waiting for is then abandoned). */
const within = <T>(work: Promise<T>, limit: number) => Promise.race([work, sleep(limit).then(() => undefined)]);

/** What to undo, newest first; also run on Ctrl-C. */
const cleanups: { name: string; undo: () => Promise<unknown> }[] = [];
function defer(name: string, undo: () => Promise<unknown>) {
  const entry = { name, undo };
  cleanups.push(entry);
  return async () => {
    const at = cleanups.indexOf(entry);
    if (at < 0) return;
    cleanups.splice(at, 1);
    await undo().catch((error: unknown) => console.error(`cleaning up ${name}: ${String(error)}`));
  };
}
async function undoAll() {
  while (cleanups.length) {
    const { name, undo } = cleanups.pop()!;
    await undo().catch((error: unknown) => console.error(`cleaning up ${name}: ${String(error)}`));
  }
}
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping and cleaning up...`);
    void undoAll().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Tally {
  latencies: number[];
  /** Network errors, timeouts, 5xx and unexpected 4xx, by kind ("502", "timeout"...). */
  errors: Map<string, number>;
  /** Right answers that are not a success (409: a slot taken meanwhile). */
  expected: number;
}
const tally = (): Tally => ({ latencies: [], errors: new Map(), expected: 0 });
const errorCount = (t: Tally) => [...t.errors.values()].reduce((sum, n) => sum + n, 0);

interface Step {
  rate: number;
  /** Measured arrivals: sent or not. */
  arrivals: number;
  /** Arrivals not sent: BENCH_MAX_IN_FLIGHT requests were already waiting. */
  shed: number;
  all: Tally;
  calls: Map<CallName, Tally>;
  /** Chat messages: from the send request's start to the recipient's socket event. */
  delivery: number[];
  undelivered: number;
  cpu: Record<string, number>;
  /** p99 of this process's event-loop delay, ms: the load generator's own lag, inside every latency it measures. */
  lag: number;
  /** Something that ended the run early: an instance that exited. */
  note?: string;
  p50: number;
  p95: number;
  p99: number;
  errorPercent: number;
  ok: boolean;
}

interface NginxSummary {
  requests: number;
  perInstance: Map<string, number>;
  socketsPerInstance: Map<string, number>;
  statuses: Map<number, number>;
  /** Requests nginx passed to a second instance after the first failed. */
  retried: number;
  errorLog: Map<string, number>;
}

interface RunResult {
  instances: number;
  steps: Step[];
  saturation?: Step;
  firstOver?: Step;
  startSeconds: number;
  sockets: { wanted: number; connected: number; connectSeconds: number; dropped: number; reconnected: number; connectErrors: number };
  nginx: NginxSummary;
  fallbacks: Map<string, number>;
  errors: Map<string, number>;
  exited: string[];
}

// ---------------------------------------------------------------------------------------------
// The system: instances, nginx, sockets

interface Instance {
  port: number;
  process: ServerProcess;
  pid?: number;
}

async function startInstances(count: number, databaseUrl: string): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const started = await startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      TRUST_PROXY: "true",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SHUTDOWN_DRAIN_SECONDS: "0",
      ...(PROFILE ? { NODE_OPTIONS: `--import ${await profileHook(path.join(PROFILE, `${count}-instance${count > 1 ? "s" : ""}`))}` } : {}),
    });
    const instance: Instance = { port, process: started, pid: (await pidsListeningOn(port))[0] };
    // SIGTERM and wait (stop() also removes its data folder, and answers at once if it exited
    // already); one that does not stop within 20 s is killed.
    defer(`instance on ${port}`, async () => {
      const stopped = await within(
        started.stop().then(() => true),
        20_000,
      );
      if (!stopped && instance.pid !== undefined && existsSync(`/proc/${instance.pid}`)) process.kill(instance.pid, "SIGKILL");
    });
    instances.push(instance);
  }
  return instances;
}

/**
 * A module for `node --import` that profiles the process's CPU until it exits and writes the
 * profile into `folder` (Node 20 refuses --cpu-prof in NODE_OPTIONS). Answers its path.
 */
async function profileHook(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const hook = path.join(folder, "profile-hook.mjs");
  await writeFile(
    hook,
    `import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.start");
// In-process inspector messages are answered at once: the profile is written before the process ends.
process.on("exit", () => session.post("Profiler.stop", (error, result) => {
  if (!error) writeFileSync(${JSON.stringify(folder)} + "/" + process.pid + ".cpuprofile", JSON.stringify(result.profile));
}));
`,
  );
  return hook;
}

function summariseNginx(accessLog: string, errorLog: string): NginxSummary {
  const summary: NginxSummary = {
    requests: 0,
    perInstance: new Map(),
    socketsPerInstance: new Map(),
    statuses: new Map(),
    retried: 0,
    errorLog: new Map(),
  };
  const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const line of accessLog.split("\n")) {
    const match = line.match(/"([A-Z]+) (\S+)[^"]*" (\d{3}) \d+ upstream=(\S+(?:, \S+)*) upstream_status=/);
    if (!match) continue;
    const [, , url, status, upstreams] = match;
    const last = upstreams!.split(", ").at(-1)!;
    if (upstreams!.includes(", ")) summary.retried += 1;
    add(summary.statuses, Number(status));
    if (url!.startsWith("/socket.io/")) add(summary.socketsPerInstance, last);
    else {
      summary.requests += 1;
      add(summary.perInstance, last);
    }
  }
  for (const line of errorLog.split("\n")) {
    const match = line.match(/\[(warn|error|crit|alert|emerg)\] \d+#\d+: (?:\*\d+ )?(.*)$/);
    if (!match) continue;
    // One kind of message, not one line per request: addresses and ports left out.
    const kind = `[${match[1]}] ${match[2]!
      .replace(/, client: .*$/, "")
      .replace(/\d+\.\d+\.\d+\.\d+:\d+/g, "<address>")
      .replace(/\d+/g, "N")}`;
    add(summary.errorLog, kind);
  }
  return summary;
}

interface Realtime {
  sockets: Socket<ServerToClientEvents>[];
  connected: number;
  connectSeconds: number;
  counters: { dropped: number; reconnected: number; connectErrors: number };
  closing: boolean;
}

/** Every online person's socket, through nginx, 50 at a time; `onMessage` sees each newMessage of someone else. */
async function connectSockets(balancer: Balancer, people: OnlineUser[], onMessage: (recipient: OnlineUser, text: string) => void): Promise<Realtime> {
  const state: Realtime = {
    sockets: [],
    connected: 0,
    connectSeconds: 0,
    counters: { dropped: 0, reconnected: 0, connectErrors: 0 },
    closing: false,
  };
  const began = performance.now();
  for (let start = 0; start < people.length; start += 50) {
    await Promise.all(
      people.slice(start, start + 50).map(async (person) => {
        const socket: Socket<ServerToClientEvents> = io(balancer.url, {
          path: "/socket.io",
          auth: { token: person.token },
          transports: ["websocket"],
          ca: balancer.ca,
          forceNew: true,
          reconnectionDelay: 1000,
        });
        state.sockets.push(socket);
        let first = true;
        socket.on("connect", () => {
          if (!first) state.counters.reconnected += 1;
          first = false;
        });
        socket.on("disconnect", () => {
          if (!state.closing) state.counters.dropped += 1;
        });
        socket.on("connect_error", () => {
          if (!state.closing) state.counters.connectErrors += 1;
        });
        socket.on("newMessage", ({ message }) => {
          if (message.userId !== person.id) onMessage(person, message.text);
        });
        const connected = await within(new Promise<boolean>((resolve) => socket.once("connect", () => resolve(true))), 15_000);
        if (connected) state.connected += 1;
      }),
    );
  }
  state.connectSeconds = (performance.now() - began) / 1000;
  return state;
}

// ---------------------------------------------------------------------------------------------
// One run: N instances, the ladder of rates

async function runInstances(count: number, market: Marketplace): Promise<RunResult> {
  const undoHere = cleanups.length;
  try {
    const databaseUrl = await copyDatabase(ADMIN_URL, TEMPLATE_DB, RUN_DB);
    defer("database", () => dropDatabase(ADMIN_URL, RUN_DB));
    const starting = performance.now();
    const instances = await startInstances(count, databaseUrl);
    const balancer = await startBalancer(instances.map((instance) => instance.port));
    const httpsPort = Number(new URL(balancer.url).port);
    const nginxPids = await pidsListeningOn(httpsPort);
    defer("nginx", async () => {
      const stopped = await within(
        balancer.stop().then(() => true),
        15_000,
      );
      if (!stopped) for (const pid of nginxPids) process.kill(pid, "SIGKILL");
    });
    const agent = new Agent({ connect: { ca: balancer.ca }, connections: MAX_IN_FLIGHT, keepAliveTimeout: 30_000 });
    defer("HTTP agent", () => agent.destroy());
    // Through nginx, until it answers (a few tries at most).
    for (let tries = 0; tries < 50; tries++) {
      const answer = await request(`${balancer.url}/api/health`, { dispatcher: agent }).catch(() => undefined);
      await answer?.body.dump();
      if (answer?.statusCode === 200) break;
      await sleep(200);
    }
    const startSeconds = (performance.now() - starting) / 1000;
    console.log(`  ${count} instance${count > 1 ? "s" : ""} and nginx up in ${startSeconds.toFixed(1)} s`);

    const day = new MixedDay(market, 7 + count, `n${count}`);
    /** Messages sent and not yet delivered: text → when sent, and the step it counts for. */
    const pending = new Map<string, { sentAt: number; recipientId: string; step?: Step }>();
    const people = [...market.bosses, ...market.assistants];
    const realtime = await connectSockets(balancer, people, (recipient, text) => {
      const sent = pending.get(text);
      if (!sent || sent.recipientId !== recipient.id) return;
      pending.delete(text);
      sent.step?.delivery.push(performance.now() - sent.sentAt);
    });
    defer("sockets", async () => {
      realtime.closing = true;
      for (const socket of realtime.sockets) socket.close();
    });
    console.log(`  ${realtime.connected} of ${people.length} sockets connected through nginx in ${realtime.connectSeconds.toFixed(1)} s`);

    const groups: Groups = {
      generator: async () => [process.pid],
      instances: async () => instances.flatMap((instance) => (instance.pid ? [instance.pid] : [])),
      nginx: async () => nginxPids,
      // This run's backends and the server's own processes (WAL writer, checkpointer...), not other databases' backends.
      postgres: () => pidsNamed("postgres", (line) => line.includes(` ${RUN_DB} `) || !/ \d+\.\d+\.\d+\.\d+\(\d+\)| \[local\]/.test(line)),
      redis: () => pidsNamed("redis-server"),
    };
    const exited: string[] = [];
    /** Every error of the run, warm-ups included, by request and kind. */
    const runErrors = new Map<string, number>();
    let inFlight = 0;
    const arrivalsRng = seeded(100 + count);

    async function send(call: Call, step: Step, measured: boolean) {
      const headers: Record<string, string> = { "accept-encoding": "br, gzip", "user-agent": "vam-bench-system" };
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      if (call.body !== undefined) headers["content-type"] = "application/json";
      if (call.message)
        pending.set(call.message.text, { sentAt: performance.now(), recipientId: call.message.recipientId, step: measured ? step : undefined });
      const started = performance.now();
      let status: number | undefined;
      let json: unknown;
      let failure: string | undefined;
      inFlight += 1;
      try {
        const response = await request(balancer.url + call.path, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          dispatcher: agent,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const raw = Buffer.from(await response.body.arrayBuffer());
        status = response.statusCode;
        const decode = () => {
          const encoding = String(response.headers["content-encoding"] ?? "");
          const text = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
          return JSON.parse(text.toString("utf8")) as unknown;
        };
        if (call.read && status < 300) {
          try {
            json = decode();
          } catch {
            failure = `${status} with an unreadable body`;
          }
        }
        if (!call.ok.includes(status) && !call.expected?.includes(status)) {
          // An unexpected answer: its status with the server's message, when it sent one.
          let message = "";
          try {
            message = String((decode() as { message?: unknown }).message ?? "");
          } catch {
            // not JSON (nginx's own error page): the status alone
          }
          failure = message ? `${status} "${message.slice(0, 80)}"` : String(status);
        }
      } catch (error) {
        const name = (error as Error).name;
        failure = name === "TimeoutError" || name === "AbortError" ? "timeout" : `network (${(error as { code?: string }).code ?? name})`;
        status = undefined;
      } finally {
        inFlight -= 1;
      }
      const elapsed = performance.now() - started;
      if (call.message && status !== 201) pending.delete(call.message.text);
      try {
        call.settle?.(status, json);
      } catch (error) {
        failure ??= `unreadable answer (${String(error)})`;
      }
      if (failure) {
        const key = `${call.name}: ${failure}`;
        runErrors.set(key, (runErrors.get(key) ?? 0) + 1);
      }
      if (!measured) return;
      let perCall = step.calls.get(call.name as CallName);
      if (!perCall) step.calls.set(call.name as CallName, (perCall = tally()));
      for (const t of [step.all, perCall]) {
        t.latencies.push(elapsed);
        if (failure) t.errors.set(failure, (t.errors.get(failure) ?? 0) + 1);
        else if (status !== undefined && call.expected?.includes(status)) t.expected += 1;
      }
    }

    async function runStep(rate: number, seconds = STEP_SECONDS): Promise<Step> {
      const step: Step = {
        rate,
        arrivals: 0,
        shed: 0,
        all: tally(),
        calls: new Map(),
        delivery: [],
        undelivered: 0,
        cpu: {},
        lag: NaN,
        p50: 0,
        p95: 0,
        p99: 0,
        errorPercent: 0,
        ok: false,
      };
      // Poisson arrivals: exponential gaps at the step's rate, for STEP_SECONDS.
      const times: number[] = [];
      for (let t = 0, bound = rate * seconds * 2; times.length < bound;) {
        t += (-Math.log(1 - arrivalsRng.next()) / rate) * 1000;
        if (t >= seconds * 1000) break;
        times.push(t);
      }
      const sent: Promise<void>[] = [];
      let cpuStart: Promise<CpuReading> | undefined;
      const lag = monitorEventLoopDelay({ resolution: 5 });
      const began = performance.now();
      let i = 0;
      while (i < times.length) {
        const now = performance.now() - began;
        if (now > (seconds + 5) * 1000) break; // the event loop fell far behind: stop the step
        if (!cpuStart && now >= WARMUP_SECONDS * 1000) {
          cpuStart = readCpu(groups);
          lag.enable();
        }
        for (; i < times.length && times[i]! <= now; i++) {
          const measured = times[i]! >= WARMUP_SECONDS * 1000;
          if (measured) step.arrivals += 1;
          if (inFlight >= MAX_IN_FLIGHT) {
            if (measured) step.shed += 1;
            continue;
          }
          sent.push(send(day.next(), step, measured));
        }
        if (i < times.length) await sleep(Math.max(1, Math.min(20, times[i]! - (performance.now() - began))));
      }
      const cpuEnd = readCpu(groups);
      lag.disable();
      step.lag = lag.count ? lag.percentile(99) / 1e6 : NaN;
      // Every request of the step answered or timed out (each has its timeout), then the messages'
      // deliveries a moment more.
      await Promise.all(sent);
      for (let wait = 0; wait < 20 && [...pending.values()].some((p) => p.step === step); wait++) await sleep(100);
      for (const [text, p] of pending) {
        if (p.step !== step) continue;
        step.undelivered += 1;
        pending.delete(text);
      }
      step.cpu = cpuBetween(await (cpuStart ?? cpuEnd), await cpuEnd);
      // What the named processes do not account for: the kernel's own work (loopback networking) and any other process.
      // Every figure in % of one core: the machine's busy and stolen shares of all cores too (2 cores: 200).
      step.cpu.machine! *= os.cpus().length;
      step.cpu.steal! *= os.cpus().length;
      const named = ["generator", "instances", "nginx", "postgres", "redis"].reduce((sum, name) => sum + (step.cpu[name] ?? 0), 0);
      step.cpu.rest = Math.max(0, step.cpu.machine! - named);
      const sorted = step.all.latencies.sort((a, b) => a - b);
      step.p50 = percentile(sorted, 50);
      step.p95 = percentile(sorted, 95);
      step.p99 = percentile(sorted, 99);
      step.errorPercent = step.arrivals ? (100 * (errorCount(step.all) + step.shed)) / step.arrivals : 0;
      step.delivery.sort((a, b) => a - b);
      for (const t of step.calls.values()) t.latencies.sort((a, b) => a - b);
      for (const instance of instances) {
        if (instance.pid && !existsSync(`/proc/${instance.pid}`)) {
          exited.push(`instance on port ${instance.port} exited during the step at ${rate}/s`);
          step.note = exited.at(-1);
        }
      }
      step.ok = step.errorPercent <= ERROR_PERCENT && step.p95 <= P95_MS && !step.note;
      return step;
    }

    // Fresh processes compile as they go: a first step at the starting rate, not measured.
    if (FIRST_WARMUP_SECONDS > 0) {
      console.log(`  warming up: ${FIRST_WARMUP_SECONDS} s at ${START_RATE}/s, not measured`);
      await runStep(START_RATE, FIRST_WARMUP_SECONDS);
    }
    console.log(`\n${stepHeader()}`);
    const steps: Step[] = [];
    let good: Step | undefined;
    let bad: Step | undefined;
    for (let k = 0; steps.length < MAX_STEPS && !interrupted; k++) {
      const rate = Math.round(START_RATE * RATE_FACTOR ** k);
      if (rate > MAX_RATE) break;
      const step = await runStep(rate);
      steps.push(step);
      console.log(stepRow(step));
      if (step.note) break;
      if (step.ok) good = step;
      else {
        bad = step;
        break;
      }
    }
    // Between the last good rate and the first bad one: the geometric middle, BENCH_REFINE times.
    for (let r = 0; r < REFINE && good && bad && !bad.note && steps.length < MAX_STEPS && !interrupted; r++) {
      const rate = Math.round(Math.sqrt(good.rate * bad.rate));
      if (rate <= good.rate || rate >= bad.rate) break;
      const step = await runStep(rate);
      steps.push(step);
      console.log(stepRow(step));
      if (step.note) break;
      if (step.ok) good = step;
      else bad = step;
    }

    realtime.closing = true;
    for (const socket of realtime.sockets) socket.close();
    await agent.close();
    await sleep(500);
    const nginx = summariseNginx(await balancer.accessLog(), await balancer.errorLog());
    return {
      instances: count,
      steps,
      saturation: good,
      firstOver: bad,
      startSeconds,
      sockets: { wanted: people.length, connected: realtime.connected, connectSeconds: realtime.connectSeconds, ...realtime.counters },
      nginx,
      fallbacks: day.fallbacks,
      errors: runErrors,
      exited,
    };
  } finally {
    while (cleanups.length > undoHere) {
      const { name, undo } = cleanups.pop()!;
      await undo().catch((error: unknown) => console.error(`cleaning up ${name}: ${String(error)}`));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

const CPU_COLUMNS = ["machine", "generator", "instances", "nginx", "postgres", "redis", "rest"] as const;

function stepHeader() {
  return [
    "| offered/s | answered/s | p50 ms | p95 ms | p99 ms | errors % | not sent | message delivery p50 / p95 ms | generator lag p99 ms | CPU % of a core: machine | load generator | instances | nginx | PostgreSQL | Redis | rest | steal | within bounds |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ].join("\n");
}

function stepRow(step: Step) {
  const seconds = STEP_SECONDS - WARMUP_SECONDS;
  const answered = step.all.latencies.length - errorCount(step.all);
  const reason =
    step.note ??
    (step.ok ? "yes" : [step.p95 > P95_MS ? "p95" : "", step.errorPercent > ERROR_PERCENT ? "errors" : ""].filter(Boolean).join(" and ") + " over");
  const delivered = step.delivery.length
    ? `${ms(percentile(step.delivery, 50))} / ${ms(percentile(step.delivery, 95))}${step.undelivered ? ` (${step.undelivered} lost)` : ""}`
    : "—";
  return `| ${whole(step.rate)} | ${whole(answered / seconds)} | ${ms(step.p50)} | ${ms(step.p95)} | ${ms(step.p99)} | ${step.errorPercent.toFixed(2)} | ${whole(step.shed)} | ${delivered} | ${ms(step.lag)} | ${CPU_COLUMNS.map((c) => whole(step.cpu[c] ?? 0)).join(" | ")} | ${whole(step.cpu.steal ?? 0)} | ${reason} |`;
}

function errorText(t: Tally) {
  const parts = [...t.errors].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} × ${kind}`);
  return parts.length ? parts.join(", ") : "0";
}

function callTable(step: Step) {
  const rows = (Object.keys(MIX) as CallName[])
    .filter((name) => step.calls.has(name))
    .map((name) => {
      const t = step.calls.get(name)!;
      return `| ${name} | ${whole(t.latencies.length)} | ${ms(percentile(t.latencies, 50))} | ${ms(percentile(t.latencies, 95))} | ${ms(percentile(t.latencies, 99))} | ${errorText(t)} | ${t.expected || ""} |`;
    });
  return [
    "| request | count | p50 ms | p95 ms | p99 ms | errors | 409 (slot taken) |",
    "| --- | ---: | ---: | ---: | ---: | --- | ---: |",
    ...rows,
    `| **all** | ${whole(step.all.latencies.length)} | ${ms(step.p50)} | ${ms(step.p95)} | ${ms(step.p99)} | ${errorText(step.all)}${step.shed ? ` + ${step.shed} not sent` : ""} | ${step.all.expected || ""} |`,
  ].join("\n");
}

function comparisonTable(results: RunResult[]) {
  // The highest rate every run stayed within bounds at.
  const rates = results.map((r) => new Set(r.steps.filter((s) => s.ok).map((s) => s.rate)));
  const common = [...rates[0]!].filter((rate) => rates.every((set) => set.has(rate))).sort((a, b) => b - a)[0];
  if (common === undefined) return "";
  const stepsAt = results.map((r) => r.steps.find((s) => s.rate === common)!);
  const head = `| request (at ${whole(common)}/s) | ${results.map((r) => `${r.instances} instance${r.instances > 1 ? "s" : ""}: p50 / p95 / p99 ms`).join(" | ")} |`;
  const rows = (Object.keys(MIX) as CallName[]).map((name) => {
    const cells = stepsAt.map((step) => {
      const t = step.calls.get(name);
      return t ? `${ms(percentile(t.latencies, 50))} / ${ms(percentile(t.latencies, 95))} / ${ms(percentile(t.latencies, 99))}` : "—";
    });
    return `| ${name} | ${cells.join(" | ")} |`;
  });
  const all = stepsAt.map((step) => `${ms(step.p50)} / ${ms(step.p95)} / ${ms(step.p99)}`);
  return [head, `| --- | ${results.map(() => "---:").join(" | ")} |`, ...rows, `| **all** | ${all.join(" | ")} |`].join("\n");
}

function runSection(result: RunResult) {
  const n = result.instances;
  const lines = [`#### ${n} instance${n > 1 ? "s" : ""}`, ""];
  lines.push(
    `Started (instance${n > 1 ? "s" : ""} and nginx, health answered through nginx) in ${result.startSeconds.toFixed(1)} s; ` +
      `${result.sockets.connected} of ${result.sockets.wanted} sockets connected through nginx in ${result.sockets.connectSeconds.toFixed(1)} s. ` +
      `During the steps: ${result.sockets.dropped} sockets dropped, ${result.sockets.reconnected} reconnected, ${result.sockets.connectErrors} connection errors.`,
    "",
    stepHeader(),
    ...result.steps.map(stepRow),
    "",
  );
  if (result.saturation) {
    lines.push(
      `Per request at the saturation step (${whole(result.saturation.rate)}/s offered, measured ${STEP_SECONDS - WARMUP_SECONDS} s):`,
      "",
      callTable(result.saturation),
      "",
    );
  }
  if (result.firstOver) {
    lines.push(`Per request at the lowest rate over the bounds (${whole(result.firstOver.rate)}/s offered):`, "", callTable(result.firstOver), "");
  }
  const { nginx } = result;
  const share = [...nginx.perInstance].map(([address, count]) => `${address} ${whole(count)}`).join(", ");
  const sockets = [...nginx.socketsPerInstance].map(([address, count]) => `${address} ${whole(count)}`).join(", ");
  const statuses = [...nginx.statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([status, count]) => `${status} × ${whole(count)}`)
    .join(", ");
  lines.push(
    `nginx's access log: ${whole(nginx.requests)} requests (warm-ups and pauses included) by instance: ${share || "none"}; WebSocket connections by instance: ${sockets || "none"}; ` +
      `statuses: ${statuses}; passed on to a second instance: ${nginx.retried}.`,
  );
  const errorKinds = [...nginx.errorLog].sort((a, b) => b[1] - a[1]);
  lines.push(
    errorKinds.length
      ? `nginx's error log: ${errorKinds
          .slice(0, 6)
          .map(([kind, count]) => `${count} × \`${kind}\``)
          .join("; ")}.`
      : "nginx's error log: nothing at warn or above.",
  );
  const errors = [...result.errors].sort((a, b) => b[1] - a[1]);
  lines.push(
    errors.length
      ? `Every error of the run (all steps, warm-ups included): ${errors.map(([kind, count]) => `${count} × ${kind}`).join("; ")}.`
      : "No error in the whole run (all steps, warm-ups included).",
  );
  if (result.fallbacks.size) {
    lines.push(
      `Booking changes that found no booking to act on and were sent as a new booking instead: ${[...result.fallbacks].map(([name, count]) => `${name} ${count}`).join(", ")}.`,
    );
  }
  if (result.exited.length) lines.push(`**${result.exited.join("; ")}.**`);
  return lines.join("\n");
}

interface Machine {
  date: string;
  cores: number;
  cpu: string;
  memoryGiB: number;
  loadBefore: string;
  loadAfter?: string;
  node: string;
  nginx: string;
  postgres: string;
}

async function describeMachine(): Promise<Machine> {
  const nginx = await run(nginxBinary() ?? "nginx", ["-v"]).then(
    (out) => out.stderr.trim(),
    () => "nginx ?",
  );
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("show server_version");
  await client.end();
  return {
    date: new Date().toISOString().slice(0, 10),
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? "?",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadBefore: loadAverage(),
    node: process.version,
    nginx: nginx.replace(/^nginx version: /, ""),
    postgres: `PostgreSQL ${rows[0]?.server_version.split(" ")[0] ?? "?"}`,
  };
}
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

function report(machine: Machine, results: RunResult[], seedSeconds: number) {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith("BENCH_"))
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  const lines = [
    `### ${machine.date}, ${results.map((r) => r.instances).join(" then ")} instance${results.length > 1 || results[0]?.instances !== 1 ? "s" : ""} behind nginx`,
    "",
    `\`${settings ? `${settings} ` : ""}npm run bench:system\` — ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.nginx}, ${machine.postgres}. ` +
      `Load average (1, 5, 15 min) before the run ${machine.loadBefore}, after it ${machine.loadAfter ?? "?"}. ` +
      `Data: ${whole(SIZES.listings)} listings, ${whole(SIZES.bosses)} Bosses and ${whole(SIZES.onlineAssistants)} Assistants online (one socket each), ${whole(SIZES.chats)} chats; seeded in ${seedSeconds.toFixed(1)} s. ` +
      `After ${FIRST_WARMUP_SECONDS} s of warm-up at ${START_RATE}/s, steps of ${STEP_SECONDS} s (the first ${WARMUP_SECONDS} s not measured) from ${START_RATE}/s, × ${RATE_FACTOR}, then ${REFINE} between the last good and the first bad rate; ` +
      `bounds: p95 ≤ ${P95_MS} ms and errors ≤ ${ERROR_PERCENT} %; at most ${MAX_IN_FLIGHT} requests in flight. ` +
      `Mix per 100 requests: ${Object.entries(GROUPS)
        .map(([group, names]) => `${group} ${names.reduce((sum, name) => sum + MIX[name], 0)}`)
        .join(", ")}.`,
    "",
  ];
  lines.push(
    "| instances | saturation: offered/s | answered/s there | p95 ms there | lowest rate over | over by |",
    "| ---: | ---: | ---: | ---: | ---: | --- |",
  );
  for (const r of results) {
    const s = r.saturation;
    const over = r.firstOver;
    const overBy = over
      ? (over.note ??
        [over.p95 > P95_MS ? `p95 ${ms(over.p95)} ms` : "", over.errorPercent > ERROR_PERCENT ? `errors ${over.errorPercent.toFixed(1)} %` : ""]
          .filter(Boolean)
          .join(", "))
      : `none up to ${whole(MAX_RATE)}/s`;
    const answered = s ? (s.all.latencies.length - errorCount(s.all)) / (STEP_SECONDS - WARMUP_SECONDS) : 0;
    const reached = s ? `${over ? "" : "≥ "}${whole(s.rate)}` : `below ${whole(START_RATE)}`;
    lines.push(
      `| ${r.instances} | ${reached} | ${s ? whole(answered) : "—"} | ${s ? ms(s.p95) : "—"} | ${over ? whole(over.rate) : "—"} | ${overBy} |`,
    );
  }
  const [one, two] = [results.find((r) => r.instances === 1), results.find((r) => r.instances === 2)];
  if (one?.saturation && two?.saturation && one.firstOver && two.firstOver) {
    const gain = two.saturation.rate / one.saturation.rate;
    lines.push(
      "",
      `Gain from the second instance, measured: **× ${gain.toFixed(2)}** (${whole(one.saturation.rate)}/s → ${whole(two.saturation.rate)}/s at saturation).`,
    );
  }
  const comparison = results.length > 1 ? comparisonTable(results) : "";
  if (comparison) lines.push("", "The same rate on each, the highest that all stayed within bounds at:", "", comparison);
  for (const r of results) lines.push("", runSection(r));
  return lines.join("\n");
}

async function writeDoc(markdown: string) {
  const doc = await readFile(DOC, "utf8");
  const begin = doc.indexOf(BEGIN_MARK);
  const end = doc.indexOf(END_MARK);
  if (begin < 0 || end < begin) {
    console.log(`\n(docs/benchmarks.md has no "${BEGIN_MARK}" marker: results printed only)`);
    return;
  }
  const updated = `${doc.slice(0, begin + BEGIN_MARK.length)}\n\n${markdown}\n\n${doc.slice(end)}`;
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  await writeFile(DOC, await prettier.format(updated, { ...options, filepath: DOC }));
  console.log("\nResults written to docs/benchmarks.md.");
}

async function main() {
  if (!nginxBinary()) throw new Error("nginx is not installed (apt-get install nginx)");
  const machine = await describeMachine();
  console.log(`Load average before: ${machine.loadBefore}`);
  console.log(
    `Seeding ${whole(SIZES.listings)} listings, ${whole(SIZES.bosses)} Bosses, ${whole(SIZES.onlineAssistants)} online Assistants, ${whole(SIZES.chats)} chats...`,
  );
  const seedStart = performance.now();
  defer("template database", () => dropDatabase(ADMIN_URL, TEMPLATE_DB));
  const market = await seedMarketplace(ADMIN_URL, TEMPLATE_DB, SIZES);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  const results: RunResult[] = [];
  for (const count of INSTANCE_COUNTS) {
    if (interrupted) break;
    console.log(`\n${count} instance${count > 1 ? "s" : ""} behind nginx:`);
    results.push(await runInstances(count, market));
  }
  machine.loadAfter = loadAverage();
  const markdown = report(machine, results, seedSeconds);
  console.log(`\n${markdown}`);
  if (WRITE_DOC && !interrupted) await writeDoc(markdown);
}

try {
  await main();
} finally {
  await undoAll();
}
// Sockets, timers of the clients and the pg pool would otherwise keep the process a moment.
process.exit(process.exitCode ?? 0);
