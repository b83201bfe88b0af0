// npm run bench:search — 100,000 Assistant listings in PostgreSQL, the search endpoint under
// 50 concurrent clients over HTTP, beside a bare JSON route of the same server.
import pg from "pg";
import { SKILL_OPTIONS } from "@vam/shared";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { freshDatabase, startBenchServer, stopBenchServer } from "./cluster.js";
import { load } from "./load.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const DB_NAME = "vam_bench_search";

const FIRST = [
  "Maria",
  "Jose",
  "Juan",
  "Ana",
  "Mark",
  "Kristine",
  "Paolo",
  "Angelica",
  "Carlo",
  "Jasmine",
  "Miguel",
  "Patricia",
  "Rafael",
  "Bea",
  "Joshua",
  "Camille",
  "Gabriel",
  "Nicole",
  "Renz",
  "Aira",
];
const LAST = [
  "Santos",
  "Reyes",
  "Cruz",
  "Bautista",
  "Ocampo",
  "Garcia",
  "Mendoza",
  "Torres",
  "Tomas",
  "Andrada",
  "Castillo",
  "Flores",
  "Villanueva",
  "Ramos",
  "Castro",
  "Rivera",
  "Aquino",
  "Navarro",
  "Salazar",
  "Mercado",
];
const PLACES = [
  "Quezon City",
  "Manila",
  "Makati City",
  "Pasig City",
  "Taguig City",
  "Cebu City",
  "Davao City",
  "Iloilo City",
  "Bacolod City",
  "Baguio City",
  "Cagayan de Oro",
  "Zamboanga City",
  "General Santos",
  "Tacloban City",
  "Dumaguete City",
  "Angeles City",
  "Batangas City",
  "Lipa City",
  "Naga City",
  "Legazpi City",
];

async function seed(url: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  // Names and places are drawn from fixed lists with a per-row number, so every shape of query
  // has realistic selectivity: one first name in 20, one place in 20, each skill in ~1 of 4.
  await client.query(
    `insert into users (username, email, password_hash, first_name, last_name, role, location, skills,
                        experience, availability, salary_rate, referral_code, created_at)
     select 'va_' || n, 'va_' || n || '@bench.example', 'x',
            ($1::text[])[1 + n % 20], ($2::text[])[1 + (n / 20) % 20], 'Assistant',
            ($3::text[])[1 + (n / 7) % 20] || ', Philippines',
            array[($4::text[])[1 + n % 11], ($4::text[])[1 + (n / 11) % 11]],
            '1-3 years', 'Full-time', 1250, 'B' || n, now() - (n || ' minutes')::interval
     from generate_series(1, $5::int) as n`,
    [FIRST, LAST, PLACES, SKILL_OPTIONS, LISTINGS],
  );
  await client.query(
    `insert into profiles (user_id, title, created_at, updated_at)
     select id, first_name || ' ' || last_name || ' Profile', created_at, created_at from users`,
  );
  await client.query("analyze");
  await client.end();
  return (performance.now() - started) / 1000;
}

async function main() {
  const url = new URL(await freshDatabase(ADMIN_URL, DB_NAME));

  console.log(`Seeding ${LISTINGS.toLocaleString("en")} Assistant listings into PostgreSQL...`);
  console.log(`  done in ${(await seed(url.toString())).toFixed(1)} s`);

  const shapes: [string, string[]][] = [
    ["bare JSON route", ["/bench/bare"]],
    ["newest first, first page", ["/api/profiles/posts"]],
    ["name", FIRST.map((name) => `/api/profiles/posts?userName=${name}`)],
    [
      "full name with a typo",
      ["Marai Santos", "Jose Reyse", "Ana Cruzz", "Paolo Garica"].map((q) => `/api/profiles/posts?userName=${encodeURIComponent(q)}`),
    ],
    ["location", PLACES.map((place) => `/api/profiles/posts?location=${encodeURIComponent(place)}`)],
    ["skill", SKILL_OPTIONS.map((skill) => `/api/profiles/posts?skills=${skill}`)],
    [
      "name + location + skill",
      FIRST.map((name, i) => `/api/profiles/posts?userName=${name}&location=${encodeURIComponent(PLACES[i]!)}&skills=${SKILL_OPTIONS[i % 11]}`),
    ],
  ];

  // The cache is what serves real traffic; the uncached pass shows what each query costs the database.
  for (const [mode, cacheSeconds] of [
    ["search cache on (10 s)", "10"],
    ["search cache off", "0"],
  ] as const) {
    const server = await startBenchServer({ DATABASE_URL: url.toString(), PORT: String(PORT), SEARCH_CACHE_SECONDS: cacheSeconds });
    console.log(`\n${mode}: ${CLIENTS} concurrent clients, ${SECONDS} s per query shape, ${LISTINGS.toLocaleString("en")} listings\n`);
    console.log("query shape                  req/s    p50 ms   p95 ms   p99 ms   errors");
    try {
      for (const [name, paths] of shapes) {
        await load(`http://127.0.0.1:${PORT}`, paths, CLIENTS, 2); // warm-up
        const r = await load(`http://127.0.0.1:${PORT}`, paths, CLIENTS, SECONDS);
        console.log(
          `${name.padEnd(27)} ${r.perSecond.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)}`,
        );
      }
    } finally {
      await stopBenchServer(server);
    }
  }
}

await main();
