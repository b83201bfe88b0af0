// npm run bench:web — Lighthouse (mobile profile) on /home, /profile/list and a demo assistant's
// /profile/{id}, against the real server with demo data on the embedded database, driving
// Debian's Chromium. Cold loads first (empty cache, as a first visit), then warm ones.
// Settings: BENCH_RUNS (3), BENCH_PORT (3998), CHROMIUM_PATH, BENCH_REPORTS (a folder for the JSON reports),
// BENCH_WEB_DIST (where the web app is built and served from; apps/web/dist), BENCH_PAGES (some of
// home,list,profile: all three) and BENCH_CACHE (cold, warm or both: both), to look at one page.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { ProfilePage } from "@vam/shared";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3998);
/** Lighthouse runs per page and cache state; the median by performance score is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const BASE = `http://127.0.0.1:${PORT}`;
/** Where the web app is built and served from (BENCH_WEB_DIST): apps/web/dist unless set. */
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(ROOT, "apps/web/dist"));
const CATEGORIES = ["performance", "accessibility", "best-practices"];
/** A folder for the full Lighthouse reports (JSON, one per page and cache state), when set. */
const REPORTS = process.env.BENCH_REPORTS;
/** Which pages and cache states to measure (all by default). */
const PAGES = new Set((process.env.BENCH_PAGES ?? "home,list,profile").split(",").map((name) => name.trim()));
const CACHES = process.env.BENCH_CACHE === "cold" ? [false] : process.env.BENCH_CACHE === "warm" ? [true] : [false, true];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The real server (`npm start`'s), on a fresh embedded database with the demo data. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "true",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    WEB_DIST,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/index.ts")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is running at")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return server;
}

async function stopServer(server: ChildProcess) {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

/** A demo assistant's public profile address, found as a visitor would: through the listing. */
async function demoAssistantPath(): Promise<string> {
  const page = (await (await fetch(`${BASE}/api/profiles/posts`)).json()) as ProfilePage;
  const first = page.items[0];
  if (!first) throw new Error("no demo listing found");
  return `/profile/${first.userId}`;
}

async function audit(url: string, port: number, warm: boolean, attempt = 1): Promise<Lhr> {
  const flags = { port, output: "json" as const, logLevel: "error" as const, onlyCategories: CATEGORIES, disableStorageReset: warm };
  const lhr = (await lighthouse(url, flags))?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  // A trace Lighthouse could not read (NO_NAVSTART and the like) says nothing about the page: again.
  if (lhr.runtimeError && attempt < 3) return audit(url, port, warm, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

const median = (runs: Lhr[]) =>
  [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[Math.floor(runs.length / 2)]!;

function figures(lhr: Lhr) {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const bytesOf = (type: string) => summary?.items?.find((item) => item.resourceType === type)?.transferSize ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    bytes: value("total-byte-weight"),
    scriptBytes: bytesOf("script"),
  };
}

/** Audits that cost points, for the reader to act on. */
function shortfalls(lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    for (const ref of category?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (!result || result.score === null || result.score >= 0.9 || (ref.weight === 0 && id !== "performance")) continue;
      if (result.scoreDisplayMode === "informative" || result.scoreDisplayMode === "notApplicable") continue;
      lines.push(`    ${id}: ${result.title}${result.displayValue ? ` (${result.displayValue})` : ""}`);
    }
  }
  return lines;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;

async function main() {
  console.log(`Building the web app (${WEB_DIST})...`);
  await build({ root: path.join(ROOT, "apps/web"), logLevel: "warn", build: { outDir: WEB_DIST, emptyOutDir: true } });

  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-bench-web-"));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const pages = [
      ...(PAGES.has("home") ? ["/home"] : []),
      ...(PAGES.has("list") ? ["/profile/list"] : []),
      ...(PAGES.has("profile") ? [await demoAssistantPath()] : []),
    ];
    console.log(`Lighthouse, mobile profile (simulated throttling), ${RUNS} run(s) each, median shown\n`);
    const header = "page                 cache  perf  a11y  b.p.      FCP      LCP     TBT    CLS       SI    bytes    JS";
    const rows: string[] = [];
    const notes: string[] = [];
    const cpu: number[] = [];
    for (const warm of CACHES) {
      for (const page of pages) {
        // A warm run needs the files in the cache first: one load that is not measured.
        if (warm) await audit(BASE + page, chrome.port, false);
        const runs: Lhr[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await audit(BASE + page, chrome.port, warm));
        const lhr = median(runs);
        cpu.push(...runs.map((run) => run.environment.benchmarkIndex));
        const f = figures(lhr);
        const name = page.startsWith("/profile/") && page !== "/profile/list" ? "/profile/{id}" : page;
        rows.push(
          `${name.padEnd(20)} ${(warm ? "warm" : "cold").padEnd(5)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ${String(f.bestPractices).padStart(5)} ${ms(f.fcp).padStart(8)} ${ms(f.lcp).padStart(8)} ${ms(f.tbt).padStart(7)} ${f.cls.toFixed(3).padStart(6)} ${ms(f.si).padStart(8)} ${kib(f.bytes).padStart(8)} ${kib(f.scriptBytes).padStart(7)}`,
        );
        console.log(rows.at(-1));
        // The median hides the spread, which for blocking time is wide: each run's, in run order.
        if (RUNS > 1) console.log(`${"".padEnd(27)}TBT of each run: ${runs.map((run) => ms(figures(run).tbt)).join(", ")}`);
        const missing = shortfalls(lhr);
        if (missing.length) notes.push(`  ${name} (${warm ? "warm" : "cold"}):`, ...missing);
        if (REPORTS) {
          await mkdir(REPORTS, { recursive: true });
          const file = `${name.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-${warm ? "warm" : "cold"}.json`;
          await writeFile(path.join(REPORTS, file), JSON.stringify(lhr));
        }
      }
    }
    console.log(`\n${header}\n${rows.join("\n")}`);
    // Lighthouse's measure of this machine's CPU (higher is faster): its 4x slowdown multiplies
    // this machine's own time, so blocking time and paints depend on it.
    const sorted = cpu.sort((a, b) => a - b);
    console.log(
      `\nLighthouse's CPU benchmark index of this machine: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} (${Math.round(sorted[0] ?? 0)}-${Math.round(sorted.at(-1) ?? 0)})`,
    );
    if (notes.length) console.log(`\nAudits under 90:\n${notes.join("\n")}`);
  } finally {
    chrome.kill();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
