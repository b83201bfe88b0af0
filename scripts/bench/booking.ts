// npm run bench:booking — two server instances on PostgreSQL: (1) concurrent booking creation
// across many consultants, (2) an operator verifying those bookings' payments, (3) many clients
// racing for the same slots, each phase beside the bare JSON route measured with the same loop
// and concurrency before and after. Prints requests/s, latency, the answers by status and
// message, the winners of each raced slot (must be 1) and the double bookings found in the
// database afterwards (must be 0). Exits 1 when any request is refused for another reason than
// its phase expects (the plan and the checks: booking-plan.ts).
import { Agent, request } from "undici";
import pg from "pg";
import { MAX_UNPAID_PAYMENTS, weekdayAhead } from "@vam/shared";
import { createSession } from "../../apps/server/src/session/sessions.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { users } from "../../apps/server/src/db/schema.js";
import { percentile } from "./load.js";
import { freshDatabase, startBenchServer, stopBenchServer } from "./cluster.js";
import {
  allSucceeded,
  clientsNeeded,
  creationPlan,
  planProblems,
  raceProblems,
  racePlan,
  tally,
  type Answer,
  type BenchShape,
  type PlannedBooking,
} from "./booking-plan.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CONSULTANTS = Number(process.env.BENCH_CONSULTANTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RACES = Number(process.env.BENCH_RACES ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? clientsNeeded({ consultants: CONSULTANTS, concurrency: CONCURRENCY, races: RACES }));
const BARE_REQUESTS = Number(process.env.BENCH_BARE_REQUESTS ?? 20_000);
const PORTS = [3995, 3996];

async function seed(url: string) {
  const database = await openDatabase({ url, poolSize: 10 });
  const person = (role: "Assistant" | "Boss" | "Operator", i: number) => ({
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
  const [operator] = await database.db.insert(users).values(person("Operator", 0)).returning({ id: users.id });
  const tokens = await Promise.all(clients.map((client) => createSession(database.db, client.id, 3600_000)));
  const operatorToken = await createSession(database.db, operator!.id, 3600_000);
  await database.close();
  return { consultants: consultants.map((c) => c.id), tokens, operatorToken };
}

interface Call {
  base: string;
  method: "GET" | "POST" | "PUT";
  path: string;
  token?: string;
  body?: string;
}

interface Measured {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  /** Each call's answer, in the calls' order. */
  answers: (Answer & { bookingId?: string })[];
}

/** The calls, CONCURRENCY at a time on keep-alive connections (one agent per instance). */
async function run(agents: Map<string, Agent>, calls: Call[]): Promise<Measured> {
  const latencies: number[] = [];
  const texts: { status: number; text: string }[] = new Array(calls.length);
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls.length) {
        const index = next++;
        const call = calls[index]!;
        const started = performance.now();
        const response = await request(`${call.base}${call.path}`, {
          method: call.method,
          dispatcher: agents.get(call.base),
          headers: {
            ...(call.body ? { "content-type": "application/json" } : {}),
            ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          },
          body: call.body,
        });
        const text = await response.body.text();
        latencies.push(performance.now() - started);
        texts[index] = { status: response.statusCode, text };
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const answers = texts.map(({ status, text }) => {
    const body = parsed(text);
    return status < 300 ? { status, bookingId: body.booking?.id } : { status, message: body.message };
  });
  return { requests: calls.length, seconds, answers, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** A JSON answer's message and booking, if it has them (a proxy's HTML page has neither). */
function parsed(text: string): { message?: string; booking?: { id: string } } {
  try {
    return JSON.parse(text) as { message?: string; booking?: { id: string } };
  } catch {
    return { message: text.slice(0, 80) || "(empty answer)" };
  }
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

const number = (n: number) => Math.round(n).toLocaleString("en-US");
const answersText = (answers: Answer[]) =>
  tally(answers)
    .map(([key, n]) => `${number(n)} × ${key.length > 40 ? `${key.slice(0, 40)}…` : key}`)
    .join(", ");
const row = (phase: string, m: Measured, answers: string) =>
  `| ${phase} | ${number(m.requests)} | ${number(m.requests / m.seconds)} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${answers} |`;

async function main() {
  const shape: BenchShape = {
    consultants: CONSULTANTS,
    clients: CLIENTS,
    concurrency: CONCURRENCY,
    races: RACES,
    days: Array.from({ length: 10 }, (_, index) => weekdayAhead(index + 1)),
  };
  const creation = creationPlan(shape);
  const races = racePlan(shape);
  const unfit = planProblems(creation, races);
  if (unfit.length > 0) {
    console.error(`The plan would not measure booking (at least ${clientsNeeded(shape)} clients needed):\n  ${unfit.join("\n  ")}`);
    process.exit(1);
  }

  const url = await freshDatabase(ADMIN_URL, "vam_bench_booking");
  console.log(`Seeding ${CONSULTANTS} consultants, ${CLIENTS} clients and an operator with sessions...`);
  const { consultants, tokens, operatorToken } = await seed(url);
  const servers = await Promise.all(PORTS.map((port) => startBenchServer({ DATABASE_URL: url, PORT: String(port) })));
  const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);
  const agents = new Map(bases.map((base) => [base, new Agent({ connections: CONCURRENCY })]));
  const booking = (planned: PlannedBooking, i: number): Call => ({
    base: bases[i % bases.length]!,
    method: "POST",
    path: "/api/bookings/create",
    token: tokens[planned.client]!,
    body: JSON.stringify({
      consultantId: consultants[planned.consultant],
      date: planned.date,
      startTime: planned.startTime,
      duration: planned.duration,
    }),
  });
  const bare = () =>
    run(
      agents,
      Array.from({ length: BARE_REQUESTS }, (_, i): Call => ({ base: bases[i % bases.length]!, method: "GET", path: "/bench/bare" })),
    );

  // 0. The floor: the bare JSON route, same loop, same concurrency, both instances.
  const bareBefore = await bare();

  // 1. Every consultant booked on distinct slots, no client over the unpaid cap: nothing should collide or be refused.
  const created = await run(agents, creation.map(booking));

  // 2. The clients pay; an operator verifies each payment in the console (PUT /api/admin/payments/:bookingId).
  const bookingIds = created.answers.flatMap((answer) => (answer.bookingId ? [answer.bookingId] : []));
  const verified = await run(
    agents,
    bookingIds.map((id, i) => ({
      base: bases[i % bases.length]!,
      method: "PUT",
      path: `/api/admin/payments/${id}`,
      token: operatorToken,
      body: JSON.stringify({ status: "PAID" }),
    })),
  );

  // 3. Races: for each of RACES slots, CONCURRENCY different paid-up clients at once (4-hour and 8-hour mixed, all overlapping).
  const raced = await run(agents, races.flat().map(booking));
  const raceAnswers = races.map((_, r) => raced.answers.slice(r * CONCURRENCY, (r + 1) * CONCURRENCY));

  const bareAfter = await bare();
  const doubles = await doubleBookings(url);
  await Promise.all([...agents.values()].map((agent) => agent.close()));
  await Promise.all(servers.map(stopBenchServer));

  console.log(
    `\n${new Date().toISOString()}: ${CONSULTANTS} consultants, ${CLIENTS} clients (at most ${MAX_UNPAID_PAYMENTS} unpaid bookings each), ` +
      `${CONCURRENCY} requests in flight over 2 instances\n`,
  );
  console.log("| phase | requests | per second | p50 ms | p95 ms | p99 ms | answers |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  console.log(row("bare JSON route, before", bareBefore, answersText(bareBefore.answers)));
  console.log(row(`creation across ${CONSULTANTS} consultants`, created, answersText(created.answers)));
  console.log(row("payments verified by the operator", verified, answersText(verified.answers)));
  console.log(row(`same-slot races (${RACES} × ${CONCURRENCY})`, raced, answersText(raced.answers)));
  console.log(row("bare JSON route, after", bareAfter, answersText(bareAfter.answers)));

  const winners = new Map<number, number>();
  for (const race of raceAnswers) {
    const count = race.filter((answer) => answer.status === 201).length;
    winners.set(count, (winners.get(count) ?? 0) + 1);
  }
  console.log(`\nwinners per raced slot: ${[...winners].map(([count, slots]) => `${slots} slots with ${count}`).join(", ")}`);
  console.log("refusals by message:");
  const refusals = tally([...created.answers, ...verified.answers, ...raced.answers].filter((answer) => answer.status >= 300));
  for (const [key, n] of refusals) console.log(`  ${number(n)} × ${key}`);
  if (refusals.length === 0) console.log("  none");
  console.log(`double bookings in the database: ${doubles}`);

  const problems = [
    ...allSucceeded("bare route", [...bareBefore.answers, ...bareAfter.answers], 200),
    ...allSucceeded("creation", created.answers, 201),
    ...allSucceeded("payment verification", verified.answers, 200),
    ...raceProblems(raceAnswers),
    ...(doubles > 0 ? [`${doubles} double bookings in the database`] : []),
  ];
  if (problems.length > 0) {
    console.error(`\nFAILED: the bench did not measure what it says:\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  }
}

await main();
