// npm run bench:booking — two server instances on PostgreSQL: (1) concurrent booking creation
// across many consultants, (2) many clients racing for the same slots. Prints bookings/s,
// latency and the number of double bookings found in the database afterwards (must be 0).
import { Agent, request } from "undici";
import pg from "pg";
import { weekdayAhead } from "@vam/shared";
import { createSession } from "../../apps/server/src/auth/sessions.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { users } from "../../apps/server/src/db/schema.js";
import { percentile } from "./load.js";
import { freshDatabase, startBenchServer, stopBenchServer } from "./cluster.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CONSULTANTS = Number(process.env.BENCH_CONSULTANTS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RACES = Number(process.env.BENCH_RACES ?? 20);
const PORTS = [3995, 3996];

/** The next `count` weekdays after today, Manila time. */
const weekdays = (count: number): string[] => Array.from({ length: count }, (_, index) => weekdayAhead(index + 1));

async function seed(url: string) {
  const database = await openDatabase({ url, poolSize: 10 });
  const person = (role: "Assistant" | "Boss", i: number) => ({
    username: `${role.toLowerCase()}_${i}`,
    email: `${role.toLowerCase()}_${i}@bench.example`,
    passwordHash: "x",
    firstName: `${role}${i}`,
    lastName: "Bench",
    role,
    location: "Manila",
    experience: "1-3 years",
    availability: "Full-time",
    salaryRate: role === "Assistant" ? 1250 : null,
    referralCode: `${role[0]}${i}`,
  });
  const consultants = await database.db
    .insert(users)
    .values(Array.from({ length: CONSULTANTS }, (_, i) => person("Assistant", i)))
    .returning({ id: users.id });
  const clients = await database.db
    .insert(users)
    .values(Array.from({ length: CLIENTS }, (_, i) => person("Boss", i)))
    .returning({ id: users.id });
  const tokens = await Promise.all(clients.map((client) => createSession(database.db, client.id, 3600_000)));
  await database.close();
  return { consultants: consultants.map((c) => c.id), tokens };
}

interface Attempt {
  base: string;
  token: string;
  body: string;
}

async function run(agents: Map<string, Agent>, attempts: Attempt[]) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        const started = performance.now();
        const response = await request(`${attempt.base}/api/bookings/create`, {
          method: "POST",
          dispatcher: agents.get(attempt.base),
          headers: { "content-type": "application/json", authorization: `Bearer ${attempt.token}` },
          body: attempt.body,
        });
        await response.body.text();
        latencies.push(performance.now() - started);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, statuses, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

async function doubleBookings(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as n from bookings a join bookings b
       on a.consultant_id = b.consultant_id and a.id < b.id
      and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
    where a.status in ('PENDING', 'CONFIRMED') and b.status in ('PENDING', 'CONFIRMED')`,
  );
  await client.end();
  return rows[0].n as number;
}

async function main() {
  const url = await freshDatabase(ADMIN_URL, "vam_bench_booking");
  console.log(`Seeding ${CONSULTANTS} consultants and ${CLIENTS} clients with sessions...`);
  const { consultants, tokens } = await seed(url);
  const servers = await Promise.all(PORTS.map((port) => startBenchServer({ DATABASE_URL: url, PORT: String(port) })));
  const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);
  const agents = new Map(bases.map((base) => [base, new Agent({ connections: CONCURRENCY })]));
  const days = weekdays(10);

  // 1. Every consultant booked on distinct slots: nothing should collide.
  const spread: Attempt[] = [];
  consultants.forEach((consultantId, c) => {
    for (const [d, date] of days.slice(0, 5).entries()) {
      for (const startTime of ["09:00", "13:00"]) {
        spread.push({
          base: bases[spread.length % 2]!,
          token: tokens[(c + d) % tokens.length]!,
          body: JSON.stringify({ consultantId, date, startTime, duration: 4 }),
        });
      }
    }
  });
  const a = await run(agents, spread);
  console.log(`\nConcurrent creation: ${spread.length} bookings over ${CONSULTANTS} consultants, ${CONCURRENCY} at a time, 2 instances`);
  console.log(
    `  bookings/s ${(spread.length / a.seconds).toFixed(0)}   p50 ${a.p50.toFixed(1)} ms   p95 ${a.p95.toFixed(1)} ms   p99 ${a.p99.toFixed(1)} ms   statuses ${JSON.stringify(Object.fromEntries(a.statuses))}`,
  );

  // 2. Races: for each of RACES slots, CONCURRENCY clients at once (8-hour and 4-hour mixed).
  const races: Attempt[] = [];
  for (let r = 0; r < RACES; r++) {
    const consultantId = consultants[r % consultants.length]!;
    const date = days[5 + (r % 5)]!;
    for (let i = 0; i < CONCURRENCY; i++) {
      const fullDay = i % 3 === 0;
      races.push({
        base: bases[i % 2]!,
        token: tokens[i % tokens.length]!,
        body: JSON.stringify({ consultantId, date, startTime: fullDay || i % 2 ? "09:00" : "13:00", duration: fullDay ? 8 : 4 }),
      });
    }
  }
  const b = await run(agents, races);
  console.log(`\nSame-slot races: ${RACES} slots x ${CONCURRENCY} simultaneous requests (4- and 8-hour mixed)`);
  console.log(
    `  requests/s ${(races.length / b.seconds).toFixed(0)}   p50 ${b.p50.toFixed(1)} ms   p95 ${b.p95.toFixed(1)} ms   statuses ${JSON.stringify(Object.fromEntries(b.statuses))}`,
  );

  console.log(`\ndouble bookings in the database: ${await doubleBookings(url)}`);
  await Promise.all([...agents.values()].map((agent) => agent.close()));
  await Promise.all(servers.map(stopBenchServer));
}

await main();
