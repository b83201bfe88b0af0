// npm run bench:search-cpu-noise — is this checkout's search slower than a base's by more than
// the run-to-run noise? bench:search-cpu with BENCH_BASE compares two searches in one process;
// where each index's memory lies differs from process to process, and with it a shape's ratio
// (up to ±10 % with the same code on both sides). So this runs that comparison in many
// processes, against the base and against a checkout of this same code (the noise), both load
// orders, in turn, and weighs the two sets of ratios:
//
//   BENCH_BASE=<checkout>   the code before (say `git worktree add /tmp/base <commit>`)
//   BENCH_SAME=<checkout>   this same code elsewhere (`git worktree add /tmp/same HEAD`)
//   BENCH_RUNS (3)          processes per comparison and load order: 4 × BENCH_RUNS in all
//   BENCH_ROUNDS, BENCH_SHAPES, BENCH_LISTINGS: as bench:search-cpu
//
// A shape is slower beyond the noise when its mean ratio against the base exceeds its mean
// ratio against the same code by more than twice the standard error of that difference
// (each process's ratio one sample; about a 95 % bound).
import { spawnSync } from "node:child_process";
import path from "node:path";

const base = process.env.BENCH_BASE;
const same = process.env.BENCH_SAME;
if (!base || !same) throw new Error("set BENCH_BASE (the code before) and BENCH_SAME (a checkout of this code)");
const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, "../..");

interface Row {
  before: number;
  after: number;
  ratio: number;
}
/** One process of bench:search-cpu against `against`, its rows by shape. */
function compare(against: string, baseLast: boolean): Map<string, Row> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_BASE: against };
  delete env.BENCH_BASE_LAST;
  if (baseLast) env.BENCH_BASE_LAST = "1";
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench/search-cpu.ts")], { env, encoding: "utf8", cwd: root });
  if (run.status !== 0) throw new Error(`bench:search-cpu failed:\n${run.stderr}`);
  const rows = new Map<string, Row>();
  for (const line of run.stdout.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const [before, after, ratio] = cells.slice(2, 5).map(Number);
    if (cells.length === 6 && ratio! > 0) rows.set(cells[1]!, { before: before!, after: after!, ratio: ratio! });
  }
  return rows;
}

const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
function variance(xs: number[]): number {
  const m = mean(xs);
  return xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / (xs.length - 1);
}

const samples = { base: new Map<string, Row[]>(), same: new Map<string, Row[]>() };
const started = Date.now();
for (let i = 0; i < runs; i++)
  for (const baseLast of [false, true])
    for (const [kind, against] of [
      ["base", base],
      ["same", same],
    ] as const) {
      for (const [shape, row] of compare(against, baseLast)) samples[kind].set(shape, [...(samples[kind].get(shape) ?? []), row]);
      process.stderr.write(".");
    }
process.stderr.write("\n");

console.log(
  `\n${base} (before) against this checkout, and ${same} (the same code) against it: ${runs} processes per load order each, ` +
    `${((Date.now() - started) / 60_000).toFixed(1)} min. Ratio = this checkout's µs / the other's, mean (lowest-highest).\n`,
);
console.log(
  "| query shape                  | before µs | after µs | against the base  | against the same code | difference ± 2 SE | slower beyond the noise |\n" +
    "| --- | ---: | ---: | ---: | ---: | ---: | :--- |",
);
for (const [shape, rows] of samples.base) {
  const b = rows.map((row) => row.ratio);
  const s = (samples.same.get(shape) ?? []).map((row) => row.ratio);
  const difference = mean(b) - mean(s);
  const bound = 2 * Math.sqrt(variance(b) / b.length + variance(s) / s.length);
  const spread = (xs: number[]) => `${mean(xs).toFixed(3)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
  console.log(
    `| ${shape.padEnd(28)} | ${mean(rows.map((row) => row.before)).toFixed(0)} | ${mean(rows.map((row) => row.after)).toFixed(0)} | ` +
      `${spread(b)} | ${spread(s)} | ${difference >= 0 ? "+" : ""}${difference.toFixed(3)} ± ${bound.toFixed(3)} | ${difference > bound ? "**yes**" : "no"} |`,
  );
}
