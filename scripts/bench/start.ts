// Server start, compiled against tsx (decision 0027): how long from spawning the process to
// "VA Marketplace is running at", the CPU time that took, and the resident memory once started
// and idle (summed over the process and its children: the tsx command runs the server in a child). The README's
// first run: the embedded database (PGlite) with the demo data, here with NODE_ENV=production
// and the built web app. Each of the four forms runs `--runs` times (5 by default), alternating, after one
// unmeasured start of each (the first seeds the data and fills tsx's cache).
//
//   npm run build && taskset -c 1 npm run bench:start -- --runs 5
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildServer, SERVER_BUNDLE, SERVER_ENTRY } from "../build-server.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, idle: { type: "string", default: "3000" } } });
const runs = Number(values.runs);
const idleMs = Number(values.idle);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(idleMs) || idleMs < 0) {
  console.error("Usage: npm run bench:start -- [--runs N (1 or more)] [--idle MS (time idle before reading the memory)]");
  process.exit(2);
}

interface Result {
  startMs: number;
  cpuMs: number;
  rssMiB: number;
}

/** The tsx command line, as `npm start` ran it before: a node process that starts the server in a second one. */
const TSX_CLI = path.resolve(import.meta.dirname, "../../node_modules/tsx/dist/cli.mjs");
const FORMS = {
  "tsx (before)": [TSX_CLI, SERVER_ENTRY],
  "node --import tsx": ["--import", "tsx", SERVER_ENTRY],
  compiled: ["--enable-source-maps", SERVER_BUNDLE],
  // What the source maps cost.
  "compiled, no source maps": [SERVER_BUNDLE],
} as const;
type Form = keyof typeof FORMS;
const FORM_NAMES = Object.keys(FORMS) as Form[];

/** The process and its descendants (the tsx command starts the server as its child). */
async function tree(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children = (await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, "utf8").catch(() => ""))))
    .flatMap((list) => list.trim().split(" "))
    .filter(Boolean)
    .map(Number);
  return [pid, ...(await Promise.all(children.map(tree))).flat()];
}

const sum = (list: number[]) => list.reduce((total, value) => total + value, 0);

/** CPU time a process has used so far in ms, user and system (/proc/<pid>/stat, in 10 ms ticks): less swayed by the machine's other load than the wall clock. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The name (2nd field) may hold spaces: the fields after its ")" start with the state (3rd).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process in MiB (/proc/<pid>/status, VmRSS). */
async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)![1]) / 1024;
}

async function start(form: Form, dataDir: string): Promise<Result> {
  const began = performance.now();
  const child = spawn(process.execPath, FORMS[form], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED_DEMO: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_SECONDS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const startMs = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk;
        if (output.includes("running at")) resolve(performance.now() - began);
      });
      child.once("exit", (code) => reject(new Error(`the ${form} server exited with ${code}:\n${output}`)));
    });
    const cpu = sum(await Promise.all((await tree(child.pid!)).map(cpuMs)));
    const url = output.match(/running at (http:\/\/\S+)/)![1]!;
    if ((await fetch(`${url}/api/ready`)).status !== 200) throw new Error(`the ${form} server is not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return { startMs, cpuMs: cpu, rssMiB: sum(await Promise.all((await tree(child.pid!)).map(residentMiB))) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

await buildServer();
const dataDir = await mkdtemp(path.join(tmpdir(), "vam-bench-start-"));
const loadBefore = loadavg();
const results = Object.fromEntries(FORM_NAMES.map((form) => [form, [] as Result[]])) as Record<Form, Result[]>;
try {
  for (const form of FORM_NAMES) await start(form, dataDir);
  for (let run = 0; run < runs; run++) {
    for (const form of FORM_NAMES) results[form].push(await start(form, dataDir));
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
const loadAfter = loadavg();

const format = (list: number[], digits: number) =>
  `${median(list).toFixed(digits)} (${Math.min(...list).toFixed(digits)}–${Math.max(...list).toFixed(digits)})`;
console.log(`${new Date().toISOString()}, Node ${process.version}, ${cpus()[0]?.model ?? "?"} × ${cpus().length}`);
console.log(
  `load average before ${loadBefore.map((load) => load.toFixed(2)).join(" ")}, after ${loadAfter.map((load) => load.toFixed(2)).join(" ")}`,
);
console.log(`${runs} runs each, median (min–max); memory read ${idleMs} ms after ready\n`);
console.log('| Form | Start to "running at" (ms) | CPU time to start (ms) | Resident memory idle (MiB), all its processes |');
console.log("| --- | --- | --- | --- |");
for (const form of FORM_NAMES) {
  console.log(
    `| ${form} | ${format(
      results[form].map((r) => r.startMs),
      0,
    )} | ${format(
      results[form].map((r) => r.cpuMs),
      0,
    )} | ${format(
      results[form].map((r) => r.rssMiB),
      1,
    )} |`,
  );
}
