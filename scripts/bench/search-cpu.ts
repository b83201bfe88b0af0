// npm run bench:search-cpu — what a search costs in the server's process, without HTTP, a
// database or other clients: the in-memory index (decision 0014) loaded with listings drawn
// like bench:search's, and each query shape of bench:search answered one query after another,
// as the route does (search, then the page as text). It shows where a shape's time goes when
// bench:search's figures at 50 clients are the HTTP stack's and the machine's as much as the
// search's. Times are per query, in microseconds.
//
//   BENCH_LISTINGS (100,000)   BENCH_QUERIES (4,000 per shape; as many again warm up first)
//   BENCH_SHAPES=a,b           only the shapes whose names contain one of these
//   BENCH_ROUNDS (3)           rounds over all the shapes; each shape's figure is its best round
//   BENCH_BASE=<checkout>      compare: another checkout's search (say a `git worktree` of the commit
//                              before) beside this one, in this process, from the same listings, the
//                              two in turn batch by batch: the machine's drift falls on both alike
//   BENCH_BASE_LAST=1          with BENCH_BASE: load this checkout's index first, the base's second
//                              (any value, 0 too; the second loaded runs slower on some shapes: run
//                              both orders, in several processes: npm run bench:search-cpu-noise)
import path from "node:path";
import { SKILL_OPTIONS, profileSearchSchema, weekdayAhead, type ProfileSearch } from "@vam/shared";
import { SearchIndex, type ListingRecord } from "../../apps/server/src/profiles/search-index.js";
import { pageJson, searchProfiles } from "../../apps/server/src/profiles/search.js";
import { percentile } from "./load.js";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "./ph-vocabulary.js";
import { shapes } from "./search-shapes.js";
import { seeded } from "./seeded.js";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 4_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const { pick } = seeded(7);
const HOUR = 3600_000;

/** Listings as bench:search seeds them: a rating on one in three, spread over two years, held time on some. */
export function records(now: number): ListingRecord[] {
  const days = Array.from({ length: 20 }, (_, i) => weekdayAhead(i + 1, now));
  const morning = (day: string) => Date.parse(`${day}T09:00:00+08:00`);
  return Array.from({ length: LISTINGS }, (_, i) => {
    const n = i + 1;
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const hex = n.toString(16).padStart(12, "0");
    const listedAt = new Date(now - ((n * 37) % 1_051_200) * 60_000).toISOString().replace("Z", "000Z");
    const ranges: number[] = [];
    if (n % 4 === 0) ranges.push(morning(days[(n / 4) % 20]!), morning(days[(n / 4) % 20]!) + 4 * HOUR);
    if (n % 8 === 0) ranges.push(morning(days[((n / 8) * 7) % 20]!) + 4 * HOUR, morning(days[((n / 8) * 7) % 20]!) + 8 * HOUR);
    const blocks = n % 20 === 1 ? [{ from: days[Math.floor(n / 20) % 20]!, to: days[(Math.floor(n / 20) + 4) % 20]!, slot: null }] : [];
    return {
      listedAt,
      held: { ranges, blocks, holidaysOff: false },
      card: {
        id: `00000000-0000-4000-8000-${hex}`,
        userId: `10000000-0000-4000-8000-${hex}`,
        title: `${firstName} ${lastName} Profile`,
        username: `${firstName}${lastName}`.toLowerCase().replace(/[^a-z]/g, "") + n,
        firstName,
        lastName,
        avatar: null,
        role: "Assistant",
        location: `${pick(CITIES)}, ${pick(PROVINCES)}`,
        skills: [SKILL_OPTIONS[n % SKILL_OPTIONS.length]!, SKILL_OPTIONS[Math.floor(n / 7) % SKILL_OPTIONS.length]!],
        salaryRate: 1250,
        experience: "1-3 years",
        availability: "Full-time",
        bio: null,
        rating: n % 3 === 0 ? Math.round(30 + (n % 21)) / 10 : null,
        reviewCount: n % 3 === 0 ? 1 + (n % 9) : 0,
        responseTime: "Within 24 hours",
        createdAt: listedAt,
        updatedAt: listedAt,
        memberSince: listedAt,
      },
    };
  });
}

/** A query path of bench:search as the route reads it. */
const searchOf = (url: string): ProfileSearch => profileSearchSchema.parse(Object.fromEntries(new URL(url, "http://x").searchParams));

function main() {
  const now = new Date();
  const index = new SearchIndex();
  let started = performance.now();
  index.load(records(now.getTime()));
  console.log(`${index.size.toLocaleString("en")} listings loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const only = process.env.BENCH_SHAPES?.split(",");
  const all = shapes()
    .filter(([name]) => !name.startsWith("bare") && (!only || only.some((part) => name.includes(part))))
    .map(([name, paths]) => {
      const searches = paths.map(searchOf);
      // A shape of one query (newest first) repeats it.
      return { name, searches: Array.from({ length: 2 * QUERIES }, (_, i) => searches[i % searches.length]!), best: [] as number[], bytes: 0 };
    });
  const run = (searches: ProfileSearch[]) => {
    const times: number[] = [];
    let bytes = 0;
    for (const search of searches) {
      started = performance.now();
      bytes += pageJson(searchProfiles(index, search, now)).length;
      times.push((performance.now() - started) * 1000);
    }
    return { times: times.sort((a, b) => a - b), bytes: bytes / searches.length };
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const shape of all) {
      run(shape.searches.slice(QUERIES)); // warm-up on the other half
      const { times, bytes } = run(shape.searches.slice(0, QUERIES));
      shape.bytes = bytes;
      const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
      if (shape.best.length === 0 || mean < shape.best[0]!) shape.best = [mean, percentile(times, 50), percentile(times, 95), percentile(times, 99)];
    }
  }
  console.log(`\nin process, ${QUERIES} queries per shape, best of ${ROUNDS} rounds, µs a query\n`);
  console.log("| query shape                  | mean µs | p50 µs | p95 µs | p99 µs | page KB |\n| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const { name, best, bytes } of all)
    console.log(`| ${name.padEnd(28)} | ${best.map((t) => t.toFixed(0).padStart(6)).join(" | ")} | ${(bytes / 1024).toFixed(1).padStart(6)} |`);
}

/** The search of another checkout beside this one, alternating batch by batch (`BENCH_BASE`). */
async function compare(base: string) {
  type Search = { index: { load(records: ListingRecord[]): void }; answer(search: ProfileSearch, now: Date): string };
  const load = async (root: string): Promise<Search> => {
    const { SearchIndex: Index } = (await import(
      path.resolve(root, "apps/server/src/profiles/search-index.ts")
    )) as typeof import("../../apps/server/src/profiles/search-index.js");
    const search = (await import(
      path.resolve(root, "apps/server/src/profiles/search.ts")
    )) as typeof import("../../apps/server/src/profiles/search.js");
    const index = new Index();
    return { index, answer: (query, now) => search.pageJson(search.searchProfiles(index, query, now)) };
  };
  const now = new Date();
  const listings = records(now.getTime());
  // The version loaded second ran up to 14 % slower on some shapes with the same code on both
  // sides (an A/A run, 2026-11-27): its memory lies elsewhere. BENCH_BASE_LAST loads this
  // checkout first; the mean of the two orders' ratios cancels the bias.
  const roots = [base, path.resolve(import.meta.dirname, "../..")];
  const loadOrder = process.env.BENCH_BASE_LAST ? [1, 0] : [0, 1];
  const versions: Search[] = [];
  for (const v of loadOrder) {
    versions[v] = await load(roots[v]!);
    versions[v].index.load(listings);
  }
  const batch = 300;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 12);
  const only = process.env.BENCH_SHAPES?.split(",");
  const loaded = process.env.BENCH_BASE_LAST ? "this checkout loaded first" : "the base loaded first";
  console.log(`\n${base} (before) and this checkout (after), ${loaded}, ${rounds} rounds of ${batch} queries per shape, in turn: µs a query\n`);
  console.log("| query shape                  | before µs | after µs | after / before |\n| --- | ---: | ---: | ---: |");
  for (const [name, paths] of shapes()) {
    if (name.startsWith("bare") || (only && !only.some((part) => name.includes(part)))) continue;
    const searches = Array.from({ length: rounds * batch }, (_, i) => searchOf(paths[i % paths.length]!));
    const spent = [0, 0];
    for (const version of versions) for (const search of searches.slice(0, batch)) version.answer(search, now); // warm-up
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const v of order) {
        const started = performance.now();
        for (const search of searches.slice(round * batch, (round + 1) * batch)) versions[v]!.answer(search, now);
        spent[v]! += performance.now() - started;
      }
    }
    const [before, after] = spent.map((ms) => (ms * 1000) / searches.length) as [number, number];
    console.log(`| ${name.padEnd(28)} | ${before.toFixed(0).padStart(6)} | ${after.toFixed(0).padStart(6)} | ${(after / before).toFixed(3)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_BASE) await compare(process.env.BENCH_BASE);
  else main();
}
