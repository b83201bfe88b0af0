import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  weekdayAhead,
  type Booking,
  type BookingRefund,
  type CancellationQuote,
  type PaymentDetails,
  type PayoutBatchView,
  type PayoutLineDecision,
  type StatementLineView,
} from "@vam/shared";
import { receipts, refunds } from "../src/db/schema.js";
import { book, bookSeries, mondayIn, setStatus, storedBooking, type Account } from "./helpers/bookings.js";
import { entriesSince, entryTotals, journalMark, type PostedEntry } from "./helpers/ledger.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * Every path money takes (decisions.md, "Cancelling, refunds, fees and payouts"; decision 0020),
 * over HTTP against the real database: one table of cases, each a setup (a booking or a weekly
 * series, paid or not), the actions of the path (each at the time it happens), and the exact
 * journal entries each action posts, read back from journal_entries and journal_lines. Each
 * cancelled date's refund as the booking's API view shows it, and the cancel dialog's quote
 * (GET .../cancellation, asked just before) against what was then posted.
 *
 * The assistant's rate is the default (₱1,250 an hour): a 4-hour booking costs ₱5,000 (500000
 * centavos), a full day ₱10,000; the platform keeps 10 %.
 */

const PAYOUTS_BUILT = existsSync(fileURLToPath(new URL("../src/payouts/public.ts", import.meta.url)));

let server: TestServer;
let operator: Account;
beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: "true" });
  operator = await signUpOperator(server, { firstName: "Olivia", lastName: "Ramos" });
});
afterAll(() => server?.close());
afterEach(async () => {
  await server.api("DELETE", "/api/test/clock");
});

const HOUR = 3600_000;

/** What one case works with: its people, its bookings by name ("booking", or "date 1".."date N"), and their payment. */
interface World {
  client: Account;
  assistant: Account;
  sharer: Account | null;
  dates: Booking[];
  byName: Record<string, Booking>;
  seriesId: string | null;
  paymentId: string;
  /** The payment's reference ("VA-..."), as the client's transfer quotes it. */
  reference: string;
  names: Record<string, string>;
  /** The payout (or refund) line of the case's last batch. */
  lineId?: string;
}

interface Setup {
  /** 1: a single booking; more: a weekly series of that many dates, one payment. */
  dates: number;
  duration?: 4 | 8;
  /** The operator verified the payment (PAYMENT_RECEIVED posted before the case's steps). */
  paid: boolean;
  /** The assistant accepted. */
  confirmed?: boolean;
  /** The client was referred by a sharer. */
  referred?: boolean;
}

interface Step {
  what: string;
  /** The server's clock for the step; the real time when left out. */
  at?: (w: World) => Date;
  /** Before acting, the cancel dialog's quote (asked by `as`, for one date or the rest of the series). */
  quote?: { as: "client" | "assistant"; of: string | "series"; expect: CancellationQuote };
  act: (w: World) => Promise<void>;
  /** Exactly the entries the step posts, in posting order. */
  posts: PostedEntry[];
}

interface Case {
  name: string;
  setup: Setup;
  steps: Step[];
  /** Each named booking's refund as its API view shows it after the steps (null: none). */
  refunds?: Record<string, Partial<BookingRefund> | null>;
  /** More to check after the steps. */
  check?: (w: World) => Promise<void>;
  /** Needs apps/server/src/payouts (payout and refund batches). */
  payouts?: true;
}

// ---- actions ---------------------------------------------------------------------------------

/** The answer, when it is a success (else the failure, naming what was done). */
const ok = <T extends { status: number; body: unknown }>(response: T, what: string): T => {
  if (response.status !== 200 && response.status !== 201) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
};
const decide = async (w: World, status: "PAID" | "REJECTED") => {
  ok(await server.api("PUT", `/api/admin/payments/${w.dates[0]!.id}`, { token: operator.token, body: { status } }), `payment ${status}`);
};
const clientCancels = (name: string) => async (w: World) => {
  ok(await setStatus(server, w.client, w.byName[name]!.id, "CANCELLED"), `client cancels ${name}`);
};
const assistantSets = (name: string, status: "CONFIRMED" | "CANCELLED" | "COMPLETED") => async (w: World) => {
  ok(await setStatus(server, w.assistant, w.byName[name]!.id, status), `assistant sets ${name} ${status}`);
};
const operatorCancels = (name: string) => async (w: World) => {
  ok(
    await server.api("PUT", `/api/admin/bookings/${w.byName[name]!.id}/cancel`, {
      token: operator.token,
      body: { reason: "The assistant fell ill" },
    }),
    "operator cancels",
  );
};
const clientCancelsRest = async (w: World) => {
  ok(await server.api("PUT", `/api/bookings/series/${w.seriesId}/cancel`, { token: w.client.token }), "client cancels the rest");
};
const runSweep = async () => {
  ok(await server.api("POST", "/api/test/sweep"), "sweep");
};

const operatorCancelsSeries = (name: string) => async (w: World) => {
  ok(
    await server.api("PUT", `/api/admin/bookings/${w.byName[name]!.id}/cancel`, {
      token: operator.token,
      body: { reason: "The assistant left the platform", wholeSeries: true },
    }),
    "operator cancels the series",
  );
};
const assistantCancelsRest = async (w: World) => {
  ok(await server.api("PUT", `/api/bookings/series/${w.seriesId}/cancel`, { token: w.assistant.token }), "assistant cancels the rest");
};

// The receiving account's history (a GCash export), imported and its lines confirmed by the operator.
let bankNumber = 2_001_600_000_000;
let second = 0;
/** A Manila wall-clock time a little after now, a second later each call. */
function soon(): string {
  const at = new Date(Date.now() + 60_000 + ++second * 1000 + 8 * HOUR);
  return at.toISOString().slice(0, 19).replace("T", " ");
}
const pesos = (centavos: number) => `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
function gcash(centavos: number[], reference: string): string {
  const lines = centavos.map((amount) =>
    [soon(), `Received GCash from RAMON REYES ${reference}`, String(++bankNumber), "", pesos(amount), ""].join(","),
  );
  return (
    ["GCash Transaction History", "Account Name,VA MARKETPLACE INC.", "Date and Time,Description,Reference No.,Debit,Credit,Balance", ...lines].join(
      "\n",
    ) + "\n"
  );
}
/** Imports transfers of these amounts quoting the payment's reference, and confirms each line, earliest first. */
const statementConfirms =
  (...centavos: number[]) =>
  async (w: World) => {
    const form = new FormData();
    form.append("file", new Blob([gcash(centavos, w.reference)], { type: "text/csv" }), "history.csv");
    const imported = await fetch(`${server.url}/api/admin/statements`, {
      method: "POST",
      headers: { authorization: `Bearer ${operator.token}` },
      body: form,
    });
    expect(imported.status).toBe(201);
    const lines = await server.api<{ items: StatementLineView[] }>(
      "GET",
      `/api/admin/statements/lines?state=open&q=${encodeURIComponent(w.reference)}`,
      {
        token: operator.token,
      },
    );
    const items = [...lines.body.items].sort((a, b) => a.postedAt.localeCompare(b.postedAt) || a.lineNo - b.lineNo);
    expect(items).toHaveLength(centavos.length);
    for (const line of items)
      ok(await server.api("POST", `/api/admin/statements/lines/${line.id}/confirm`, { token: operator.token }), "confirm a line");
  };

// Payouts and refunds sent (apps/server/src/payouts): a batch, then its line for this case's payee marked.
const batch = (kind: "payouts" | "refunds", payee: "assistant" | "client") => async (w: World) => {
  const run = ok(await server.api<{ batch: PayoutBatchView }>("POST", `/api/admin/${kind}/batches`, { token: operator.token }), `${kind} batch`);
  const mine = run.body.batch.lines.filter((line) => line.payee.id === w[payee].user.id);
  expect(mine).toHaveLength(1);
  w.lineId = mine[0]!.id;
};
const markLine = (decision: PayoutLineDecision) => async (w: World) => {
  ok(await server.api("PUT", `/api/admin/payout-lines/${w.lineId}`, { token: operator.token, body: decision }), `line ${decision.state}`);
};
const payoutAccount = (who: "assistant" | "client") => async (w: World) => {
  ok(
    await server.api("PUT", "/api/account/payout-account", {
      token: w[who].token,
      body: { method: "GCASH", accountName: `${w[who].input.firstName} ${w[who].input.lastName}`, accountNumber: "09171234567" },
    }),
    "payout account",
  );
};

// ---- times -----------------------------------------------------------------------------------

const start = (w: World, name: string) => Date.parse(w.byName[name]!.startsAt);
const end = (w: World, name: string) => Date.parse(w.byName[name]!.endsAt);
/** 48 hours before the date: a client's cancellation is on time. */
const onTime = (name: string) => (w: World) => new Date(start(w, name) - 48 * HOUR);
/** 2 hours before the date: a client's cancellation is late. */
const late = (name: string) => (w: World) => new Date(start(w, name) - 2 * HOUR);
const afterStart = (name: string) => (w: World) => new Date(start(w, name) + 60_000);
const afterEnd =
  (name: string, hours = 0) =>
  (w: World) =>
    new Date(end(w, name) + 60_000 + hours * HOUR);

// ---- expected entries ------------------------------------------------------------------------

const PRICE = 500000;
const received = (amount: number): PostedEntry => ({ kind: "PAYMENT_RECEIVED", lines: { cash: amount, held: -amount } });
const refundedInFull = (booking: string, price = PRICE): PostedEntry => ({
  kind: "BOOKING_REFUNDED",
  booking,
  lines: { held: price, "refunds-due:client": -price },
});
/** Half back; of the other half the platform keeps 10 %, the assistant the rest. */
const lateCancellation = (booking: string): PostedEntry => ({
  kind: "LATE_CANCELLATION",
  booking,
  lines: { held: 500000, "refunds-due:client": -250000, fees: -25000, "payable:assistant": -225000 },
});
/** The price released: 10 % to the platform, the rest to the assistant. */
const completed = (booking: string, duration: 4 | 8 = 4): PostedEntry => ({
  kind: "BOOKING_COMPLETED",
  booking,
  lines:
    duration === 4 ? { held: 500000, fees: -50000, "payable:assistant": -450000 } : { held: 1000000, fees: -100000, "payable:assistant": -900000 },
});
/** Money beyond what the payment asked (or for dates already closed): in the receiving account, owed back. */
const owedBack = (amount: number): PostedEntry => ({ kind: "OVERPAYMENT", lines: { cash: amount, "refunds-due:client": -amount } });
const reward = (booking: string, amount: number): PostedEntry => ({
  kind: "REFERRAL_REWARD",
  booking,
  lines: { rewards: amount, "payable:sharer": -amount },
});
const fullQuote = (dates = 1, refund = PRICE): CancellationQuote => ({ paid: true, dates, refundCentavos: refund, lateFeeCentavos: 0, late: false });
const lateQuote: CancellationQuote = { paid: true, dates: 1, refundCentavos: 250000, lateFeeCentavos: 250000, late: true };
const refundOf = (amountCentavos: number, reason: BookingRefund["reason"], lateFeeCentavos = 0, state: BookingRefund["state"] = "DUE") => ({
  amountCentavos,
  lateFeeCentavos,
  reason,
  state,
});

/** The payment's refund rows (reason and amount), as the refund batches will read them. */
const refundRowsAre = (expected: { reason: string; amountCentavos: number; bookingId?: string | null }[]) => async (w: World) => {
  const rows = await server.database.db.select().from(refunds).where(eq(refunds.paymentId, w.paymentId));
  expect(rows.map(({ reason, amountCentavos, bookingId }) => ({ reason, amountCentavos, bookingId }))).toEqual(
    expected.map((row) => ({ bookingId: null, ...row })),
  );
};

// ---- the table -------------------------------------------------------------------------------

const CASES: Case[] = [
  {
    name: "payment verified: all of it received and held, a receipt issued",
    setup: { dates: 1, paid: false },
    steps: [{ what: "the operator verifies", act: (w) => decide(w, "PAID"), posts: [received(PRICE)] }],
    refunds: { booking: null },
    check: async (w) => {
      const [receipt] = await server.database.db.select().from(receipts).where(eq(receipts.paymentId, w.paymentId));
      expect(receipt).toMatchObject({ amountCentavos: PRICE });
    },
  },
  {
    name: "payment rejected: no money arrived, nothing posted, the booking cancelled",
    setup: { dates: 1, paid: false },
    steps: [{ what: "the operator rejects", act: (w) => decide(w, "REJECTED"), posts: [] }],
    refunds: { booking: null },
    check: async (w) => {
      expect(await storedBooking(server, w.dates[0]!.id)).toMatchObject({ status: "CANCELLED", cancelReason: "PAYMENT_REJECTED" });
    },
  },
  {
    name: "client cancels 24 hours or more before: all of it back",
    setup: { dates: 1, paid: true },
    steps: [
      {
        what: "the client cancels 48 h before",
        at: onTime("booking"),
        quote: { as: "client", of: "booking", expect: fullQuote() },
        act: clientCancels("booking"),
        posts: [refundedInFull("booking")],
      },
    ],
    refunds: { booking: refundOf(500000, "CLIENT_CANCELLED") },
  },
  {
    name: "client cancels later than 24 hours before: half back, half the assistant's fee less the platform's 10 %",
    setup: { dates: 1, paid: true, confirmed: true },
    steps: [
      {
        what: "the client cancels 2 h before",
        at: late("booking"),
        quote: { as: "client", of: "booking", expect: lateQuote },
        act: clientCancels("booking"),
        posts: [lateCancellation("booking")],
      },
    ],
    refunds: { booking: refundOf(250000, "CLIENT_CANCELLED_LATE", 250000) },
  },
  {
    name: "assistant declines a pending paid booking (late): all of it back",
    setup: { dates: 1, paid: true },
    steps: [
      {
        what: "the assistant declines 2 h before",
        at: late("booking"),
        quote: { as: "assistant", of: "booking", expect: fullQuote() },
        act: assistantSets("booking", "CANCELLED"),
        posts: [refundedInFull("booking")],
      },
    ],
    refunds: { booking: refundOf(500000, "CONSULTANT_CANCELLED") },
  },
  {
    name: "assistant cancels a confirmed paid booking (late): all of it back",
    setup: { dates: 1, paid: true, confirmed: true },
    steps: [
      {
        what: "the assistant cancels 2 h before",
        at: late("booking"),
        quote: { as: "assistant", of: "booking", expect: fullQuote() },
        act: assistantSets("booking", "CANCELLED"),
        posts: [refundedInFull("booking")],
      },
    ],
    refunds: { booking: refundOf(500000, "CONSULTANT_CANCELLED") },
  },
  {
    name: "operator cancels (late): all of it back",
    setup: { dates: 1, paid: true, confirmed: true },
    steps: [{ what: "the operator cancels 2 h before", at: late("booking"), act: operatorCancels("booking"), posts: [refundedInFull("booking")] }],
    refunds: { booking: refundOf(500000, "OPERATOR_CANCELLED") },
  },
  {
    name: "paid booking not accepted before its start: the sweep cancels it, all of it back",
    setup: { dates: 1, paid: true },
    steps: [{ what: "the sweep after the start", at: afterStart("booking"), act: runSweep, posts: [refundedInFull("booking")] }],
    refunds: { booking: refundOf(500000, "NOT_ACCEPTED") },
    check: async (w) => {
      expect(await storedBooking(server, w.dates[0]!.id)).toMatchObject({ status: "CANCELLED", cancelReason: "NOT_ACCEPTED" });
    },
  },
  {
    name: "a date of a paid series cancelled by the client on time: that date back in full",
    setup: { dates: 4, paid: true, confirmed: true },
    steps: [
      {
        what: "the client cancels date 2, 48 h before it",
        at: onTime("date 2"),
        quote: { as: "client", of: "date 2", expect: fullQuote() },
        act: clientCancels("date 2"),
        posts: [refundedInFull("date 2")],
      },
    ],
    refunds: { "date 1": null, "date 2": refundOf(500000, "CLIENT_CANCELLED"), "date 3": null },
  },
  {
    name: "a date of a paid series cancelled by the client late: half of that date back",
    setup: { dates: 4, paid: true, confirmed: true },
    steps: [
      {
        what: "the client cancels date 1, 2 h before it",
        at: late("date 1"),
        quote: { as: "client", of: "date 1", expect: lateQuote },
        act: clientCancels("date 1"),
        posts: [lateCancellation("date 1")],
      },
    ],
    refunds: { "date 1": refundOf(250000, "CLIENT_CANCELLED_LATE", 250000), "date 2": null },
  },
  {
    name: "the rest of a paid series cancelled by the client 2 h before date 1: date 1 late, the others in full",
    setup: { dates: 4, paid: true, confirmed: true },
    steps: [
      {
        what: "the client cancels the rest",
        at: late("date 1"),
        quote: {
          as: "client",
          of: "series",
          expect: { paid: true, dates: 4, refundCentavos: 250000 + 3 * PRICE, lateFeeCentavos: 250000, late: true },
        },
        act: clientCancelsRest,
        posts: [lateCancellation("date 1"), refundedInFull("date 2"), refundedInFull("date 3"), refundedInFull("date 4")],
      },
    ],
    refunds: {
      "date 1": refundOf(250000, "CLIENT_CANCELLED_LATE", 250000),
      "date 2": refundOf(500000, "CLIENT_CANCELLED"),
      "date 4": refundOf(500000, "CLIENT_CANCELLED"),
    },
  },
  {
    name: "completed: the platform's 10 % fee, the rest to the assistant",
    setup: { dates: 1, paid: true, confirmed: true },
    steps: [
      {
        what: "the assistant completes after the end",
        at: afterEnd("booking"),
        act: assistantSets("booking", "COMPLETED"),
        posts: [completed("booking")],
      },
    ],
    refunds: { booking: null },
  },
  {
    name: "completed with a referral: the fee, and ₱500 to the sharer for a 4-hour booking",
    setup: { dates: 1, paid: true, confirmed: true, referred: true },
    steps: [
      {
        what: "the assistant completes after the end",
        at: afterEnd("booking"),
        act: assistantSets("booking", "COMPLETED"),
        posts: [completed("booking"), reward("booking", 50000)],
      },
    ],
  },
  {
    name: "completed with a referral: ₱1,000 to the sharer for a full day",
    setup: { dates: 1, duration: 8, paid: true, confirmed: true, referred: true },
    steps: [
      {
        what: "the assistant completes after the end",
        at: afterEnd("booking"),
        act: assistantSets("booking", "COMPLETED"),
        posts: [completed("booking", 8), reward("booking", 100000)],
      },
    ],
  },
  {
    name: "a date cancelled late before its payment was verified: nothing then, all of it back when the payment is verified",
    setup: { dates: 3, paid: false },
    steps: [
      {
        what: "the client cancels date 1, 2 h before it, unpaid",
        at: late("date 1"),
        quote: { as: "client", of: "date 1", expect: { paid: false, dates: 1, refundCentavos: PRICE, lateFeeCentavos: 0, late: false } },
        act: clientCancels("date 1"),
        posts: [],
      },
      {
        what: "the operator verifies the payment",
        at: late("date 1"),
        act: (w) => decide(w, "PAID"),
        posts: [received(3 * PRICE), refundedInFull("date 1")],
      },
    ],
    refunds: { "date 1": refundOf(500000, "CLIENT_CANCELLED"), "date 2": null },
    check: async (w) => refundRowsAre([{ reason: "CLIENT_CANCELLED", amountCentavos: PRICE, bookingId: w.byName["date 1"]!.id }])(w),
  },
  {
    name: "an unpaid booking cancelled by the client: no money arrived, nothing posted",
    setup: { dates: 1, paid: false },
    steps: [
      {
        what: "the client cancels, unpaid",
        quote: { as: "client", of: "booking", expect: { paid: false, dates: 1, refundCentavos: PRICE, lateFeeCentavos: 0, late: false } },
        act: clientCancels("booking"),
        posts: [],
      },
    ],
    refunds: { booking: null },
  },
  {
    name: "an unpaid booking whose payment window passed: the sweep cancels it, nothing posted",
    setup: { dates: 1, paid: false },
    steps: [{ what: "the sweep after the start", at: afterStart("booking"), act: runSweep, posts: [] }],
    refunds: { booking: null },
  },
  {
    name: "payment confirmed from the receiving account's statement: received and held",
    setup: { dates: 1, paid: false },
    steps: [{ what: "the operator confirms the statement line", act: statementConfirms(PRICE), posts: [received(PRICE)] }],
    refunds: { booking: null },
  },
  {
    name: "a statement line of more than the payment asked: the payment received, the difference owed back",
    setup: { dates: 1, paid: false },
    steps: [{ what: "the operator confirms a line of ₱5,200", act: statementConfirms(PRICE + 20000), posts: [received(PRICE), owedBack(20000)] }],
    check: refundRowsAre([{ reason: "OVERPAID", amountCentavos: 20000 }]),
  },
  {
    name: "a payment paid twice: received once, the second transfer owed back",
    setup: { dates: 1, paid: false },
    steps: [{ what: "the operator confirms both lines", act: statementConfirms(PRICE, PRICE), posts: [received(PRICE), owedBack(PRICE)] }],
    check: refundRowsAre([{ reason: "PAID_TWICE", amountCentavos: PRICE }]),
  },
  {
    name: "money for a booking cancelled before it arrived: all of it owed back, nothing held",
    setup: { dates: 1, paid: false },
    steps: [
      { what: "the client cancels, unpaid", act: clientCancels("booking"), posts: [] },
      { what: "the operator confirms the statement line", act: statementConfirms(PRICE), posts: [owedBack(PRICE)] },
    ],
    check: refundRowsAre([{ reason: "PAID_CLOSED", amountCentavos: PRICE }]),
  },
  {
    name: "an operator cancels the rest of a paid series (late for date 1): every date back in full",
    setup: { dates: 3, paid: true, confirmed: true },
    steps: [
      {
        what: "the operator cancels the whole series 2 h before date 1",
        at: late("date 1"),
        act: operatorCancelsSeries("date 2"),
        posts: [refundedInFull("date 1"), refundedInFull("date 2"), refundedInFull("date 3")],
      },
    ],
    refunds: { "date 1": refundOf(500000, "OPERATOR_CANCELLED"), "date 3": refundOf(500000, "OPERATOR_CANCELLED") },
  },
  {
    name: "the assistant cancels the rest of a paid series (late for date 1): every date back in full",
    setup: { dates: 3, paid: true, confirmed: true },
    steps: [
      {
        what: "the assistant cancels the rest 2 h before date 1",
        at: late("date 1"),
        quote: { as: "assistant", of: "series", expect: fullQuote(3, 3 * PRICE) },
        act: assistantCancelsRest,
        posts: [refundedInFull("date 1"), refundedInFull("date 2"), refundedInFull("date 3")],
      },
    ],
    refunds: { "date 1": refundOf(500000, "CONSULTANT_CANCELLED"), "date 2": refundOf(500000, "CONSULTANT_CANCELLED") },
  },
  {
    name: "a paid series nobody accepted: the sweep after date 1's start gives date 1 back, the rest stays held",
    setup: { dates: 3, paid: true },
    steps: [{ what: "the sweep after date 1's start", at: afterStart("date 1"), act: runSweep, posts: [refundedInFull("date 1")] }],
    refunds: { "date 1": refundOf(500000, "NOT_ACCEPTED"), "date 2": null, "date 3": null },
  },
  {
    name: "a payout sent: the assistant's balance into transit, then out of the receiving account",
    payouts: true,
    setup: { dates: 1, paid: true, confirmed: true },
    steps: [
      { what: "completed", at: afterEnd("booking"), act: assistantSets("booking", "COMPLETED"), posts: [completed("booking")] },
      { what: "the assistant sets a payout account", at: afterEnd("booking"), act: payoutAccount("assistant"), posts: [] },
      {
        what: "a payout batch, a day later",
        at: afterEnd("booking", 25),
        act: batch("payouts", "assistant"),
        posts: [{ kind: "PAYOUT_BATCHED", lines: { "payable:assistant": 450000, "payouts-in-transit": -450000 } }],
      },
      {
        what: "the line marked sent",
        at: afterEnd("booking", 25),
        act: markLine({ state: "SENT", transferReference: "GC-1234567" }),
        posts: [{ kind: "PAYOUT_SENT", lines: { "payouts-in-transit": 450000, cash: -450000 } }],
      },
    ],
  },
  {
    name: "a payout failed: the money back in the balance, and in the next batch",
    payouts: true,
    setup: { dates: 1, paid: true, confirmed: true },
    steps: [
      { what: "completed", at: afterEnd("booking"), act: assistantSets("booking", "COMPLETED"), posts: [completed("booking")] },
      { what: "the assistant sets a payout account", at: afterEnd("booking"), act: payoutAccount("assistant"), posts: [] },
      {
        what: "a payout batch, a day later",
        at: afterEnd("booking", 25),
        act: batch("payouts", "assistant"),
        posts: [{ kind: "PAYOUT_BATCHED", lines: { "payable:assistant": 450000, "payouts-in-transit": -450000 } }],
      },
      {
        what: "the line marked failed",
        at: afterEnd("booking", 25),
        act: markLine({ state: "FAILED", failureReason: "Account closed" }),
        posts: [{ kind: "PAYOUT_FAILED", lines: { "payouts-in-transit": 450000, "payable:assistant": -450000 } }],
      },
      {
        what: "the next batch",
        at: afterEnd("booking", 26),
        act: batch("payouts", "assistant"),
        posts: [{ kind: "PAYOUT_BATCHED", lines: { "payable:assistant": 450000, "payouts-in-transit": -450000 } }],
      },
    ],
  },
  {
    name: "a refund sent: the refund due into transit, then out of the receiving account",
    payouts: true,
    setup: { dates: 1, paid: true },
    steps: [
      { what: "the client cancels on time", at: onTime("booking"), act: clientCancels("booking"), posts: [refundedInFull("booking")] },
      { what: "the client sets a refund account", at: onTime("booking"), act: payoutAccount("client"), posts: [] },
      {
        what: "a refund batch, a day later",
        at: (w) => new Date(onTime("booking")(w).getTime() + 25 * HOUR),
        act: batch("refunds", "client"),
        posts: [{ kind: "REFUND_BATCHED", lines: { "refunds-due:client": 500000, "refunds-in-transit": -500000 } }],
      },
      {
        what: "the refund marked sent",
        at: (w) => new Date(onTime("booking")(w).getTime() + 25 * HOUR),
        act: markLine({ state: "SENT", transferReference: "GC-7654321" }),
        posts: [{ kind: "REFUND_SENT", lines: { "refunds-in-transit": 500000, cash: -500000 } }],
      },
    ],
    refunds: { booking: { amountCentavos: 500000, reason: "CLIENT_CANCELLED", state: "SENT" } },
  },
];

// ---- running a case --------------------------------------------------------------------------

let week = 2;
let day = 10;

async function arrange(setup: Setup): Promise<World> {
  const [assistant, sharer] = await Promise.all([
    signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" }),
    setup.referred ? signUp(server, { role: "Sharer", firstName: "Liza", lastName: "Mercado" }) : Promise.resolve(null),
  ]);
  const client = await signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes", referralCode: sharer?.user.referralCode });
  const duration = setup.duration ?? 4;
  // The payment step first, then the booking with its reference (as the booking page does).
  const step = await server.api<PaymentDetails>("POST", "/api/bookings/payment", {
    token: client.token,
    body: { consultantId: assistant.user.id, duration, dates: setup.dates },
  });
  ok(step, "payment step");
  let dates: Booking[];
  if (setup.dates === 1) {
    const made = await book(server, client, {
      consultantId: assistant.user.id,
      date: weekdayAhead(++day),
      duration,
      paymentReference: step.body.reference,
    });
    dates = [ok(made, "booking").body.booking];
  } else {
    const made = await bookSeries(server, client, {
      consultantId: assistant.user.id,
      date: mondayIn(++week),
      weeks: setup.dates,
      duration,
      paymentReference: step.body.reference,
    });
    dates = ok(made, "series").body.bookings;
  }
  const byName: Record<string, Booking> = setup.dates === 1 ? { booking: dates[0]! } : Object.fromEntries(dates.map((b, i) => [`date ${i + 1}`, b]));
  const names: Record<string, string> = { [client.user.id]: "client", [assistant.user.id]: "assistant" };
  if (sharer) names[sharer.user.id] = "sharer";
  for (const [name, booking] of Object.entries(byName)) names[booking.id] = name;
  const paymentId = (await storedBooking(server, dates[0]!.id)).paymentId;
  const world: World = { client, assistant, sharer, dates, byName, seriesId: dates[0]!.seriesId, paymentId, reference: step.body.reference, names };
  if (setup.paid) await decide(world, "PAID");
  if (setup.confirmed) {
    if (world.seriesId) ok(await server.api("PUT", `/api/bookings/series/${world.seriesId}/accept`, { token: assistant.token }), "series accepted");
    else ok(await setStatus(server, assistant, dates[0]!.id, "CONFIRMED"), "accepted");
  }
  return world;
}

const scopeOf = (w: World) => ({
  names: w.names,
  bookingIds: w.dates.map((b) => b.id),
  paymentIds: [w.paymentId],
  userIds: [w.client.user.id, w.assistant.user.id, ...(w.sharer ? [w.sharer.user.id] : [])],
});

/** What the refund entries among `posted` give back and keep as a late fee, as a quote says it. */
function quoteOfPosted(posted: PostedEntry[], paid: boolean): CancellationQuote {
  const cancellations = posted.filter((entry) => entry.kind === "BOOKING_REFUNDED" || entry.kind === "LATE_CANCELLATION");
  const refundCentavos = 0 - cancellations.reduce((sum, entry) => sum + (entry.lines["refunds-due:client"] ?? 0), 0);
  const lateFeeCentavos = 0 - cancellations.reduce((sum, entry) => sum + (entry.lines.fees ?? 0) + (entry.lines["payable:assistant"] ?? 0), 0);
  return { paid, dates: cancellations.length, refundCentavos, lateFeeCentavos, late: lateFeeCentavos > 0 };
}

async function runCase(c: Case) {
  const w = await arrange(c.setup);
  for (const [index, step] of c.steps.entries()) {
    if (step.at) ok(await server.api("PUT", "/api/test/clock", { body: { now: step.at(w).toISOString() } }), "clock");
    else await server.api("DELETE", "/api/test/clock");
    let quote: CancellationQuote | undefined;
    if (step.quote) {
      const path =
        step.quote.of === "series" ? `/api/bookings/series/${w.seriesId}/cancellation` : `/api/bookings/${w.byName[step.quote.of]!.id}/cancellation`;
      const asked = await server.api<CancellationQuote>("GET", path, { token: w[step.quote.as].token });
      expect(asked.status).toBe(200);
      quote = asked.body;
      expect(quote, `quote before "${step.what}"`).toEqual(step.quote.expect);
    }
    const mark = await journalMark(server.database.db);
    await step.act(w);
    const posted = await entriesSince(server.database.db, mark, scopeOf(w));
    expect(posted, `entries of step ${index + 1}, "${step.what}"`).toEqual(step.posts);
    // What the dialog said is what was posted: at once for a paid date, when the payment is verified for an unpaid one.
    const settled = c.steps.slice(index).flatMap((later) => later.posts);
    if (quote && (quote.paid || settled.some((entry) => entry.kind === "PAYMENT_RECEIVED"))) {
      expect(quoteOfPosted(settled, quote.paid), `quote of "${step.what}" against the postings`).toEqual(quote);
    }
  }
  for (const [name, expected] of Object.entries(c.refunds ?? {})) {
    const view = await server.api<{ booking: Booking }>("GET", `/api/bookings/${w.byName[name]!.id}`, { token: w.client.token });
    expect(view.status).toBe(200);
    if (expected === null) expect(view.body.booking.refund, `${name}'s refund`).toBeNull();
    else expect(view.body.booking.refund, `${name}'s refund`).toMatchObject(expected);
  }
  await c.check?.(w);
}

const byName = (cases: Case[]) => cases.map((c) => [c.name, c] as const);

describe("the journal entries of each path", () => {
  it.each(byName(CASES.filter((c) => !c.payouts)))("%s", (_name, c) => runCase(c));

  // Payout and refund batches come with apps/server/src/payouts; until then these are skipped.
  it.skipIf(!PAYOUTS_BUILT).each(byName(CASES.filter((c) => c.payouts)))("%s", (_name, c) => runCase(c));

  it("left every entry balanced, each of at least two lines", async () => {
    for (const entry of await entryTotals(server.database.db)) {
      expect(entry.total, entry.entryId).toBe(0);
      expect(entry.lines, entry.entryId).toBeGreaterThanOrEqual(2);
    }
  });
});
