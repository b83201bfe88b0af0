import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancellationSplit, centavosOf, platformFeeOf, weekdayAhead } from "@vam/shared";
import { bookings, journalEntries, journalLines, ledgerAccounts, payments, payoutLines, referralRewards, refunds } from "../src/db/schema.js";
import { accountBalances, balanceOf, normalSign, type AccountRef } from "../src/ledger/public.js";
import type { Account } from "./helpers/bookings.js";
import { entryTotals, journalMark, rawAccountSums } from "./helpers/ledger.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * A seeded property test of the ledger (decision 0020): thousands of random steps over a handful
 * of clients, assistants and sharers, through the API as the console and the app call it (book a
 * date or a series, verify or reject its payment, accept, cancel as the client, the assistant or
 * an operator, on time or late, complete, sweep, run payout and refund batches, mark their lines
 * sent or failed, with the server's clock moved forward between them). After every step, what it
 * posted balances and nothing held is negative; every CHECK_EVERY steps and at the end, the
 * ledger's invariants, each computed a second way from the rows the steps left:
 *
 * - every entry balances, with at least two lines;
 * - every account's balance (accountBalances, balanceOf) is the sum of its lines;
 * - nothing is negative that cannot be: held, each payable and refunds due, in transit, fees, rewards;
 * - cash = money in (payments received) − money out (payout and refund lines sent);
 * - held = the prices of the paid dates still open;
 * - fees = 10 % of each completed paid date and of each late-cancellation fee; rewards = the rewards paid;
 * - each payable = what its payee earned − what was batched for them (and not failed);
 * - each refund row is its entry's amount, and is what the 24-hour rule said when the date was cancelled;
 * - refunds due = the refunds not yet batched; in transit = the lines not yet marked;
 * - no payee was sent more than they earned, no client more than they were owed.
 *
 * LEDGER_SEED replays a run (the seed is in the test's name and in any failure); LEDGER_STEPS
 * changes its length (2000 steps: about a minute on the embedded database; each step is a real
 * request with its emails, notifications and receipt PDF); LEDGER_VERBOSE prints what ran.
 */

const SEED = process.env.LEDGER_SEED ? Number(process.env.LEDGER_SEED) : Math.floor(Math.random() * 2 ** 31);
const STEPS = process.env.LEDGER_STEPS ? Number(process.env.LEDGER_STEPS) : 2000;
/** Invariants are checked every this many steps, and at the end. */
const CHECK_EVERY = 50;
const HOUR = 3600_000;
const FEE_PERCENT = 10;

/** mulberry32: a small seeded PRNG, enough to replay a run exactly. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[Math.floor(next() * items.length)]),
    chance: (p: number) => next() < p,
  };
}
const random = prng(SEED);

let server: TestServer;
let operator: Account;
let clients: Account[];
let assistants: Account[];
let sharers: Account[];
const names = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: "true", EMAIL_POLL_MS: "0", AUTH_RATE_LIMIT_PER_MINUTE: "100000" });
  operator = await signUpOperator(server, { firstName: "Olivia", lastName: "Ramos" });
  assistants = [];
  for (const name of ["Maria", "Ana", "Rosa"]) assistants.push(await signUp(server, { role: "Assistant", firstName: name, lastName: "Santos" }));
  sharers = [];
  for (const name of ["Liza", "Noel"]) sharers.push(await signUp(server, { role: "Sharer", firstName: name, lastName: "Mercado" }));
  clients = [];
  // Three clients referred (two by one sharer, one by the other), two not.
  for (const [index, name] of ["Ramon", "Jose", "Carlo", "Pedro", "Ines"].entries()) {
    const referrer = index < 3 ? sharers[index % 2] : undefined;
    clients.push(await signUp(server, { role: "Boss", firstName: name, lastName: "Reyes", referralCode: referrer?.user.referralCode }));
  }
  for (const [role, list] of [
    ["assistant", assistants],
    ["sharer", sharers],
    ["client", clients],
  ] as const) {
    list.forEach((account, index) => names.set(account.user.id, `${role} ${index + 1}`));
  }
  server.app.clock.set(new Date(now));
  // Everyone has a payout (refund) account, held for the first 24 hours (the clock moves past it).
  for (const account of [...assistants, ...sharers, ...clients]) await setPayoutAccount(account, "09171234567");
}, 120_000);
afterAll(() => server?.close());

// ---- calling the API -------------------------------------------------------------------------

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the steps read the answers they act on, of any shape
  body: any;
}
async function call(method: "GET" | "POST" | "PUT", url: string, account?: Account, body?: unknown): Promise<Answer> {
  const response = await server.app.inject({
    method,
    url,
    headers: account ? { authorization: `Bearer ${account.token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
}
const setPayoutAccount = (account: Account, number: string) =>
  call("PUT", "/api/account/payout-account", account, {
    method: "GCASH",
    accountName: `${account.input.firstName} ${account.input.lastName}`,
    accountNumber: number,
  });

// ---- the simulated time ----------------------------------------------------------------------

/**
 * The run's own time, from a fixed Monday (08:00 in Manila) so that a seed replays the same run
 * whatever the day: bookings, payments and payout accounts take the server's (test) clock.
 */
const START = Date.UTC(2030, 0, 7, 0, 0);
let now = START;
function moveClock(to: number) {
  if (to <= now) return;
  now = to;
  server.app.clock.set(new Date(now));
}

// ---- what the steps expect -------------------------------------------------------------------

type BookingRow = typeof bookings.$inferSelect;
/**
 * What the 24-hour rule said for each cancelled date when it was cancelled: its refund (and the
 * assistant's late fee), or for a date not yet paid, what comes back if its payment is verified.
 */
const expectedRefund = new Map<string, { refund: number; lateFee: number }>();

function expectCancellation(booking: BookingRow, by: "client" | "consultant" | "platform", at: number) {
  const paid = booking.paymentStatus === "PAID";
  const split = cancellationSplit(centavosOf(booking.price), booking.startsAt, new Date(at), paid ? by : "platform");
  expectedRefund.set(booking.id, { refund: split.refundCentavos, lateFee: split.lateFeeCentavos });
}

/** The open dates, in an order that does not depend on ids (a seed picks the same date again). */
async function openBookings() {
  const rows = await server.database.db
    .select()
    .from(bookings)
    .where(inArray(bookings.status, ["PENDING", "CONFIRMED"]));
  return rows.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.startsAt.getTime() - b.startsAt.getTime() ||
      names.get(a.consultantId)!.localeCompare(names.get(b.consultantId)!),
  );
}
/** The payout and refund lines not marked yet, in an order that does not depend on ids. */
async function pendingLines() {
  const db = server.database.db;
  const lines = await db.select().from(payoutLines).where(eq(payoutLines.state, "PENDING"));
  const refundIds = lines.flatMap((line) => (line.refundId ? [line.refundId] : []));
  const refundRows = refundIds.length === 0 ? [] : await db.select().from(refunds).where(inArray(refunds.id, refundIds));
  const dates = await bookingRows(refundRows.flatMap((refund) => (refund.bookingId ? [refund.bookingId] : [])));
  const startOf = (line: (typeof lines)[number]) => {
    const bookingId = refundRows.find((refund) => refund.id === line.refundId)?.bookingId;
    return dates.find((date) => date.id === bookingId)?.startsAt.getTime() ?? 0;
  };
  return lines.sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) ||
      names.get(a.payeeId!)!.localeCompare(names.get(b.payeeId!)!) ||
      a.amountCentavos - b.amountCentavos ||
      startOf(a) - startOf(b),
  );
}
const bookingRows = (ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : server.database.db.select().from(bookings).where(inArray(bookings.id, ids));
const accountOf = (id: string) => [...clients, ...assistants, ...sharers].find((account) => account.user.id === id)!;

/** Fails the run on a 5xx, or on a refusal where the step knew the rules allow it. */
function expectAnswer(answer: Answer, allowed: number[], what: string) {
  if (!allowed.includes(answer.status)) throw new Error(`${what}: answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** After a cancelling action: the dates it cancelled, each with what the rule says it gives back. */
async function recordCancelled(before: BookingRow[], by: "client" | "consultant" | "platform", at: number) {
  const after = await bookingRows(before.map((row) => row.id));
  for (const row of after) {
    const was = before.find((b) => b.id === row.id)!;
    if (row.status === "CANCELLED" && was.status !== "CANCELLED") expectCancellation(was, by, at);
  }
}

// ---- the steps -------------------------------------------------------------------------------

const counts: Record<string, number> = {};
type Step = { name: string; weight: number; run: () => Promise<void | "skip"> };

const STEP_KINDS: Step[] = [
  {
    name: "book a date",
    weight: 12,
    run: async () => {
      const client = random.pick(clients)!;
      const assistant = random.pick(assistants)!;
      const duration = random.chance(0.3) ? 8 : 4;
      const date = weekdayAhead(random.int(1, 12), now);
      const startTime = duration === 8 || random.chance(0.5) ? "09:00" : "13:00";
      const made = await call("POST", "/api/bookings/create", client, { consultantId: assistant.user.id, date, startTime, duration });
      // 409: the slot is taken; 400: the client's unpaid cap (or a date in the past by the clock).
      expectAnswer(made, [201, 400, 409], "book");
    },
  },
  {
    name: "book a series",
    weight: 4,
    run: async () => {
      const client = random.pick(clients)!;
      const assistant = random.pick(assistants)!;
      const made = await call("POST", "/api/bookings/series", client, {
        consultantId: assistant.user.id,
        date: weekdayAhead(random.int(1, 10), now),
        startTime: random.chance(0.5) ? "09:00" : "13:00",
        duration: 4,
        weeks: random.int(2, 4),
      });
      expectAnswer(made, [201, 400, 409], "book a series");
    },
  },
  {
    name: "verify a payment",
    weight: 12,
    run: async () => {
      const waiting = (await openBookings()).filter((b) => b.paymentStatus === "UNVERIFIED");
      const target = random.pick(waiting);
      if (!target) return "skip";
      expectAnswer(await call("PUT", `/api/admin/payments/${target.id}`, operator, { status: "PAID" }), [200], "verify");
    },
  },
  {
    name: "reject a payment",
    weight: 2,
    run: async () => {
      const target = random.pick((await openBookings()).filter((b) => b.paymentStatus === "UNVERIFIED"));
      if (!target) return "skip";
      expectAnswer(await call("PUT", `/api/admin/payments/${target.id}`, operator, { status: "REJECTED" }), [200], "reject");
    },
  },
  {
    name: "accept",
    weight: 7,
    run: async () => {
      const target = random.pick((await openBookings()).filter((b) => b.status === "PENDING"));
      if (!target) return "skip";
      const assistant = accountOf(target.consultantId);
      if (target.seriesId && random.chance(0.5)) {
        // 409 when every pending date has started.
        expectAnswer(await call("PUT", `/api/bookings/series/${target.seriesId}/accept`, assistant), [200, 409], "accept a series");
      } else {
        expectAnswer(await call("PUT", `/api/bookings/${target.id}/status`, assistant, { status: "CONFIRMED" }), [200], "accept");
      }
    },
  },
  {
    name: "cancel as a party",
    weight: 8,
    run: async () => {
      const target = random.pick(await openBookings());
      if (!target) return "skip";
      const by = random.chance(0.65) ? "client" : "consultant";
      const account = accountOf(by === "client" ? target.clientId : target.consultantId);
      const at = now;
      expectAnswer(await call("PUT", `/api/bookings/${target.id}/status`, account, { status: "CANCELLED" }), [200], `${by} cancels`);
      await recordCancelled([target], by, at);
    },
  },
  {
    name: "cancel the rest of a series",
    weight: 3,
    run: async () => {
      const target = random.pick((await openBookings()).filter((b) => b.seriesId));
      if (!target) return "skip";
      const dates = await server.database.db.select().from(bookings).where(eq(bookings.seriesId, target.seriesId!));
      const by = random.chance(0.7) ? "client" : "consultant";
      const at = now;
      // 409 when every open date has started.
      const answer = expectAnswer(
        await call("PUT", `/api/bookings/series/${target.seriesId}/cancel`, accountOf(by === "client" ? target.clientId : target.consultantId)),
        [200, 409],
        "cancel the rest",
      );
      if (answer.status === 200) await recordCancelled(dates, by, at);
    },
  },
  {
    name: "operator cancels",
    weight: 2,
    run: async () => {
      const target = random.pick(await openBookings());
      if (!target) return "skip";
      const wholeSeries = Boolean(target.seriesId) && random.chance(0.5);
      const dates = wholeSeries ? await server.database.db.select().from(bookings).where(eq(bookings.seriesId, target.seriesId!)) : [target];
      const at = now;
      const answer = expectAnswer(
        await call("PUT", `/api/admin/bookings/${target.id}/cancel`, operator, { reason: "Cancelled by the platform", wholeSeries }),
        wholeSeries ? [200, 409] : [200],
        "operator cancels",
      );
      if (answer.status === 200) await recordCancelled(dates, "platform", at);
    },
  },
  {
    name: "complete",
    weight: 10,
    run: async () => {
      const done = (await openBookings()).filter((b) => b.paymentStatus === "PAID" && b.endsAt.getTime() <= now);
      const target = random.pick(done);
      if (!target) return "skip";
      expectAnswer(
        await call("PUT", `/api/bookings/${target.id}/status`, accountOf(target.consultantId), { status: "COMPLETED" }),
        [200],
        "complete",
      );
    },
  },
  {
    name: "time passes",
    weight: 8,
    run: async () => moveClock(now + random.int(1, 14) * HOUR),
  },
  {
    name: "to just before a date",
    weight: 4,
    run: async () => {
      const target = random.pick((await openBookings()).filter((b) => b.startsAt.getTime() > now));
      if (!target) return "skip";
      // Sometimes more than 24 hours before (on time), mostly less (late).
      moveClock(target.startsAt.getTime() - random.int(1, random.chance(0.3) ? 40 : 23) * HOUR + random.int(0, 59) * 60_000);
    },
  },
  {
    name: "past a date's end",
    weight: 4,
    run: async () => {
      const target = random.pick((await openBookings()).filter((b) => b.paymentStatus === "PAID" && b.endsAt.getTime() > now));
      if (!target) return "skip";
      moveClock(target.endsAt.getTime() + random.int(1, 120) * 60_000);
    },
  },
  {
    name: "sweep",
    weight: 3,
    run: async () => {
      const before = await openBookings();
      const at = now;
      expectAnswer(await call("POST", "/api/test/sweep"), [200], "sweep");
      await recordCancelled(before, "platform", at);
    },
  },
  {
    name: "payout batch",
    weight: 2,
    run: async () => {
      expectAnswer(await call("POST", "/api/admin/payouts/batches", operator), [201, 409], "payout batch");
    },
  },
  {
    name: "refund batch",
    weight: 2,
    run: async () => {
      expectAnswer(await call("POST", "/api/admin/refunds/batches", operator), [201, 409], "refund batch");
    },
  },
  {
    name: "mark a line",
    weight: 5,
    run: async () => {
      const line = random.pick(await pendingLines());
      if (!line) return "skip";
      const decision = random.chance(0.8)
        ? { state: "SENT", transferReference: `GC-${random.int(100000, 999999)}` }
        : { state: "FAILED", failureReason: "The account number was wrong" };
      expectAnswer(await call("PUT", `/api/admin/payout-lines/${line.id}`, operator, decision), [200], "mark a line");
    },
  },
  {
    name: "change a payout account",
    weight: 0.5,
    run: async () => {
      const account = random.pick([...assistants, ...sharers, ...clients])!;
      expectAnswer(await setPayoutAccount(account, `0917${random.int(1000000, 9999999)}`), [200], "payout account");
    },
  },
];
const TOTAL_WEIGHT = STEP_KINDS.reduce((sum, step) => sum + step.weight, 0);
function pickStep(): Step {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const step of STEP_KINDS) {
    roll -= step.weight;
    if (roll < 0) return step;
  }
  return STEP_KINDS[STEP_KINDS.length - 1]!;
}

// ---- the invariants --------------------------------------------------------------------------

const PLATFORM_CODES = ["cash", "held", "fees", "rewards", "payouts-in-transit", "refunds-in-transit"] as const;
const PLATFORM_REF: Record<(typeof PLATFORM_CODES)[number], AccountRef> = {
  cash: "cash",
  held: "held",
  fees: "fees",
  rewards: "rewards",
  "payouts-in-transit": "payoutsInTransit",
  "refunds-in-transit": "refundsInTransit",
};

async function checkInvariants() {
  const db = server.database.db;
  const problems: string[] = [];
  const expectEqual = (actual: number, expected: number, what: string) => {
    if (actual !== expected) problems.push(`${what}: ${actual}, expected ${expected}`);
  };

  // Every entry balances, with at least two lines.
  for (const entry of await entryTotals(db)) {
    if (entry.total !== 0 || entry.lines < 2) problems.push(`entry ${entry.entryId}: ${entry.lines} lines summing to ${entry.total}`);
  }

  // Balances are sums of lines: the ledger's own reading against ours.
  const raw = await rawAccountSums(db);
  const accounts = await accountBalances(db);
  const balance = new Map<string, number>();
  for (const account of accounts) {
    const sum = raw.get(account.code) ?? 0;
    expectEqual(account.balance, normalSign(account.kind) * sum, `accountBalances(${account.code})`);
    expectEqual(account.debits - account.credits, sum, `debits − credits of ${account.code}`);
    balance.set(account.code, account.balance);
  }
  for (const code of PLATFORM_CODES) expectEqual(await balanceOf(db, PLATFORM_REF[code]), balance.get(code) ?? 0, `balanceOf(${code})`);
  for (const account of accounts.filter((a) => a.ownerId)) {
    const kind = account.kind === "PAYABLE" ? "PAYABLE" : "REFUNDS_DUE";
    expectEqual(await balanceOf(db, { kind, userId: account.ownerId! }), account.balance, `balanceOf(${account.code})`);
  }
  const of = (code: string) => balance.get(code) ?? 0;

  // Nothing negative that cannot be.
  for (const account of accounts) {
    const owner = account.ownerId ? ` (${names.get(account.ownerId) ?? account.ownerId})` : "";
    if (account.code !== "cash" && account.balance < 0) problems.push(`${account.code}${owner} is negative: ${account.balance}`);
  }

  // Cash: money in − money out.
  const [paidIn] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amountCentavos}), 0)`.mapWith(Number) })
    .from(payments)
    .where(eq(payments.state, "PAID"));
  const sent = await db.select().from(payoutLines).where(eq(payoutLines.state, "SENT"));
  const pendingLines = await db.select().from(payoutLines).where(eq(payoutLines.state, "PENDING"));
  const sum = (rows: { amountCentavos: number }[]) => rows.reduce((total, row) => total + row.amountCentavos, 0);
  expectEqual(of("cash"), paidIn!.sum - sum(sent), "cash = payments received − lines sent");

  // Held: the prices of the paid dates still open.
  const all = await db.select().from(bookings);
  const open = all.filter((b) => b.paymentStatus === "PAID" && (b.status === "PENDING" || b.status === "CONFIRMED"));
  expectEqual(
    of("held"),
    open.reduce((total, b) => total + centavosOf(b.price), 0),
    "held = paid open dates",
  );

  // Refund rows: each its entry's amount, and what the rule said when its date was cancelled.
  const refundRows = await db.select().from(refunds);
  const refundEntries = await db
    .select({
      refundId: journalEntries.refundId,
      bookingId: journalEntries.bookingId,
      kind: journalEntries.kind,
      code: ledgerAccounts.code,
      amount: journalLines.amountCentavos,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(inArray(journalEntries.kind, ["BOOKING_REFUNDED", "LATE_CANCELLATION"]), sql`${ledgerAccounts.code} like 'refunds-due:%'`));
  for (const line of refundEntries) {
    const row = refundRows.find((r) => r.id === line.refundId);
    if (!row) problems.push(`a ${line.kind} entry of booking ${line.bookingId} has no refund row`);
    else expectEqual(-line.amount, row.amountCentavos, `refund ${row.id} against its entry`);
  }
  const paidPayments = new Set((await db.select({ id: payments.id }).from(payments).where(eq(payments.state, "PAID"))).map((p) => p.id));
  const cancellations = await db
    .select({ eventKey: journalEntries.eventKey, kind: journalEntries.kind })
    .from(journalEntries)
    .where(sql`${journalEntries.eventKey} like 'refunded:%'`);
  const postedFor = new Map<string, string[]>();
  for (const entry of cancellations) {
    const bookingId = entry.eventKey.slice("refunded:".length);
    postedFor.set(bookingId, [...(postedFor.get(bookingId) ?? []), entry.kind]);
  }
  for (const booking of all) {
    const posted = postedFor.get(booking.id) ?? [];
    if (booking.status !== "CANCELLED") {
      if (posted.length > 0) problems.push(`booking ${booking.id} is ${booking.status}, yet ${posted[0]} was posted`);
      continue;
    }
    if (!paidPayments.has(booking.paymentId)) {
      if (posted.length > 0) problems.push(`booking ${booking.id} (${booking.cancelReason}) was never paid, yet ${posted[0]} was posted`);
      continue;
    }
    if (posted.length !== 1)
      problems.push(`paid booking ${booking.id} cancelled (${booking.cancelReason}) has ${posted.length} cancellation entries`);
    const expected = expectedRefund.get(booking.id);
    const row = refundRows.find((r) => r.bookingId === booking.id);
    if (!expected) problems.push(`booking ${booking.id} was cancelled (${booking.cancelReason}) by no step of this test`);
    else if (expected.refund !== (row?.amountCentavos ?? 0)) {
      problems.push(`booking ${booking.id} (${booking.cancelReason}): refund ${row?.amountCentavos ?? 0}, the rule said ${expected.refund}`);
    }
  }

  // Fees and rewards, from the bookings and the refund rows.
  const completed = all.filter((b) => b.status === "COMPLETED" && b.paymentStatus === "PAID");
  const lateRefunds = refundRows.filter((r) => r.reason === "CLIENT_CANCELLED_LATE");
  const byId = new Map(all.map((b) => [b.id, b]));
  const lateFeeOf = (r: (typeof refundRows)[number]) => centavosOf(byId.get(r.bookingId!)!.price) - r.amountCentavos;
  expectEqual(
    of("fees"),
    completed.reduce((total, b) => total + platformFeeOf(centavosOf(b.price), FEE_PERCENT), 0) +
      lateRefunds.reduce((total, r) => total + platformFeeOf(lateFeeOf(r), FEE_PERCENT), 0),
    "fees = 10 % of completed dates and late fees",
  );
  const rewards = await db.select().from(referralRewards);
  expectEqual(
    of("rewards"),
    rewards.reduce((total, r) => total + centavosOf(r.amount), 0),
    "rewards = rewards paid",
  );

  // Each payable: earned − batched (and not failed back); never more sent than earned.
  const earned = new Map<string, number>();
  const add = (userId: string, amount: number) => earned.set(userId, (earned.get(userId) ?? 0) + amount);
  for (const b of completed) add(b.consultantId, centavosOf(b.price) - platformFeeOf(centavosOf(b.price), FEE_PERCENT));
  for (const r of lateRefunds) {
    const fee = lateFeeOf(r);
    add(byId.get(r.bookingId!)!.consultantId, fee - platformFeeOf(fee, FEE_PERCENT));
  }
  for (const r of rewards) add(r.earnerId, centavosOf(r.amount));
  const payouts = [...sent, ...pendingLines].filter((line) => line.kind === "PAYOUT");
  for (const userId of new Set([...earned.keys(), ...payouts.map((line) => line.payeeId!)])) {
    const out = sum(payouts.filter((line) => line.payeeId === userId));
    const who = names.get(userId) ?? userId;
    expectEqual(of(`payable:${userId}`), (earned.get(userId) ?? 0) - out, `payable of ${who}`);
    const sentTo = sum(sent.filter((line) => line.kind === "PAYOUT" && line.payeeId === userId));
    if (sentTo > (earned.get(userId) ?? 0)) problems.push(`${who} was sent ${sentTo}, more than they earned (${earned.get(userId) ?? 0})`);
  }
  expectEqual(of("payouts-in-transit"), sum(pendingLines.filter((line) => line.kind === "PAYOUT")), "payouts in transit = pending payout lines");

  // Refunds: due = not batched; in transit = lines not marked; each line of a refund is that refund's amount.
  for (const client of clients) {
    const mine = refundRows.filter((r) => r.clientId === client.user.id);
    expectEqual(of(`refunds-due:${client.user.id}`), sum(mine.filter((r) => r.state === "DUE")), `refunds due to ${names.get(client.user.id)}`);
    const sentBack = sum(sent.filter((line) => line.kind === "REFUND" && line.payeeId === client.user.id));
    if (sentBack > sum(mine)) problems.push(`${names.get(client.user.id)} was sent ${sentBack} back, more than they were owed (${sum(mine)})`);
  }
  expectEqual(of("refunds-in-transit"), sum(refundRows.filter((r) => r.state === "SENDING")), "refunds in transit = refunds being sent");
  for (const line of [...sent, ...pendingLines].filter((l) => l.kind === "REFUND")) {
    const refund = refundRows.find((r) => r.id === line.refundId)!;
    expectEqual(line.amountCentavos, refund.amountCentavos, `refund line ${line.id}`);
    const state = line.state === "SENT" ? "SENT" : "SENDING";
    if (refund.state !== state) problems.push(`refund ${refund.id} is ${refund.state}, its line ${line.state}`);
  }
  // At most one pending payout line per balance.
  const pendingPayees = pendingLines.filter((line) => line.kind === "PAYOUT").map((line) => line.accountId);
  if (new Set(pendingPayees).size !== pendingPayees.length) problems.push("a balance has two pending payout lines");

  return problems;
}

// ---- the run ---------------------------------------------------------------------------------

describe("the ledger under random use", () => {
  it(`keeps its invariants over ${STEPS} random steps (LEDGER_SEED=${SEED})`, { timeout: 600_000 }, async () => {
    const log: string[] = [];
    let skipped = 0;
    try {
      for (let step = 1; step <= STEPS; step++) {
        const kind = pickStep();
        const mark = await journalMark(server.database.db);
        const outcome = await kind.run();
        if (outcome === "skip") skipped++;
        else counts[kind.name] = (counts[kind.name] ?? 0) + 1;
        log.push(`${step} ${kind.name}${outcome === "skip" ? " (nothing to do)" : ""} at ${new Date(now).toISOString()}`);
        // After every step: what it posted balances, and the money held never goes below zero.
        for (const entry of await entryTotals(server.database.db, mark)) {
          if (entry.total !== 0 || entry.lines < 2)
            throw new Error(`step ${step}: entry ${entry.entryId} has ${entry.lines} lines summing to ${entry.total}`);
        }
        const held = await balanceOf(server.database.db, "held");
        if (held < 0) throw new Error(`step ${step}: held is negative (${held})`);
        if (step % CHECK_EVERY === 0 || step === STEPS) {
          const problems = await checkInvariants();
          if (problems.length > 0) throw new Error(`invariants broken after step ${step}:\n  ${problems.slice(0, 20).join("\n  ")}`);
        }
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`LEDGER_SEED=${SEED}: ${message}\nlast steps:\n  ${log.slice(-CHECK_EVERY).join("\n  ")}`, { cause: error });
    }
    // The run exercised what it is for.
    const [entries] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(journalEntries);
    const kinds = await server.database.db.selectDistinct({ kind: journalEntries.kind }).from(journalEntries);
    if (process.env.LEDGER_VERBOSE)
      console.info(`LEDGER_SEED=${SEED}: ${STEPS} steps (${skipped} with nothing to do), ${entries!.n} entries`, counts);
    if (STEPS >= 1000) {
      expect(kinds.map((k) => k.kind).sort()).toEqual(
        expect.arrayContaining([
          "BOOKING_COMPLETED",
          "BOOKING_REFUNDED",
          "LATE_CANCELLATION",
          "PAYMENT_RECEIVED",
          "PAYOUT_BATCHED",
          "PAYOUT_SENT",
          "REFERRAL_REWARD",
          "REFUND_BATCHED",
          "REFUND_SENT",
        ]),
      );
    }
  });
});
