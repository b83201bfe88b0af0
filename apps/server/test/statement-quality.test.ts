import { describe, expect, it } from "vitest";
import { PAYMENT_REFERENCE_ALPHABET, type StatementProposal } from "@vam/shared";
import { FIRST_NAMES, LAST_NAMES } from "../../../scripts/bench/ph-vocabulary.js";
import { seeded } from "../../../scripts/bench/seeded.js";
import { parseStatement } from "../src/payments/statement-parse.js";
import { proposeMatches, type MatchLine, type MatchPayment, type Proposal } from "../src/payments/statement-match.js";

/*
 * Reconciliation quality, measured (decisions.md, "Reconciling payments"): a generated month of
 * payments (seeded: the same on every run) and the receiving account's GCash export for it, as
 * real transfers go: most with the reference typed one way or another, some without one, some
 * of the wrong amount, a few paid twice, unrelated transfers in, money going out, and payments
 * never paid at all. The export is read by parseStatement and proposed by proposeMatches.
 * Asserted: at least 95 % of the money-in lines get the right proposal (kind and payment), and no
 * "matched" proposal names a payment its line did not pay. The figures and the time taken are
 * printed for docs/benchmarks.md (the time is a measurement, not an assertion). Then each rule
 * of proposeMatches on its own (statement-match.ts says them).
 */

const HOUR = 3_600_000;
const MONTH_START = new Date("2026-11-01T00:00:00+08:00").getTime();
const MONTH_DAYS = 28;

interface Expected {
  kind: StatementProposal | "moneyOut";
  paymentId: string | null;
  what: string;
}

interface Month {
  csv: Buffer;
  payments: MatchPayment[];
  /** What each line is, by its bank reference number (unique per line). */
  expected: Map<string, Expected>;
}

/** "12,345.60" from centavos, by integer arithmetic. */
function pesos(centavos: number): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/** GCash's "2026-11-20 02:33 PM" for an instant, in Manila time. */
function gcashTime(time: number): string {
  const wall = new Date(time + 8 * HOUR);
  const pad = (n: number) => String(n).padStart(2, "0");
  const hours = wall.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(h12)}:${pad(wall.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * A month of `paymentCount` payments and a statement of `lineCount` lines: 4 % of payments never
 * paid, of the paid 5 % without a reference, 2 % of a wrong amount, 1 % paid twice; 3 % of the
 * lines unrelated transfers in; the rest of the lines money going out.
 */
function generateMonth(seed: number, paymentCount: number, lineCount: number): Month {
  const { next, pick } = seeded(seed);
  const chance = (p: number) => next() < p;
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

  // Assistants' rates for 4 hours, in pesos: 5,000 the most common, so that many payments share an amount.
  const RATES = [2500, 3000, 3500, 4000, 4500, 5000, 5000, 5000, 5000, 6000, 7500];
  const references = new Set<string>();
  const newReference = () => {
    for (;;) {
      let code = "";
      for (let i = 0; i < 6; i += 1) code += pick([...PAYMENT_REFERENCE_ALPHABET]);
      const reference = `VA-${code}`;
      if (!references.has(reference)) {
        references.add(reference);
        return reference;
      }
    }
  };

  const payments: MatchPayment[] = [];
  for (let i = 0; i < paymentCount; i += 1) {
    const hours = chance(0.6) ? 4 : 8;
    // A weekly series (a fifth of the payments) pays 2 to 12 weeks at once.
    const weeks = chance(0.2) ? between(2, 12) : 1;
    const amount = pick(RATES) * (hours / 4) * weeks * 100;
    const createdAt = new Date(MONTH_START + Math.floor(next() * MONTH_DAYS * 24 * HOUR));
    payments.push({ id: `p${String(i).padStart(5, "0")}`, reference: newReference(), amountCentavos: amount, createdAt, status: "UNVERIFIED" });
  }

  // How senders type the reference.
  const typed = (reference: string) => {
    const code = reference.slice(3);
    return pick([
      `payment ${reference}`,
      reference,
      `va ${code.toLowerCase()}`,
      `VA${code}`,
      `va-${code.toLowerCase()}`,
      `ref: VA ${code} thanks`,
      `(VA–${code})`,
      `Va-${code} booking`,
      `for booking ${reference.toLowerCase()}`,
    ]);
  };
  const person = () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`.toUpperCase();

  interface Draft {
    time: number;
    amount: number;
    description: string;
    expected: Omit<Expected, "what"> & { what: string };
  }
  const drafts: Draft[] = [];
  const received = (name: string, note: string) =>
    `Received GCash from ${name} with account ending in ${between(1000, 9999)}${note ? ` ${note}` : ""}`;

  for (const payment of payments) {
    if (chance(0.04)) {
      // Never paid: the client left, or said "I have paid" without paying.
      payment.status = chance(0.5) ? "OPEN" : "UNVERIFIED";
      continue;
    }
    const name = person();
    // Transfers follow the payment step: minutes to a day and a half later.
    const time = payment.createdAt.getTime() + Math.floor(60_000 * 5 + next() * next() * 36 * HOUR);
    const roll = next();
    if (roll < 0.05) {
      drafts.push({
        time,
        amount: payment.amountCentavos,
        description: received(name, pick(["", "booking payment", "thanks po", "for the session"])),
        expected: { kind: "likely", paymentId: payment.id, what: "no reference" },
      });
    } else if (roll < 0.07) {
      const wrong = pick([
        payment.amountCentavos - 100_000,
        payment.amountCentavos + 50_000,
        Math.round(payment.amountCentavos / 10),
        payment.amountCentavos - 1,
      ]);
      drafts.push({
        time,
        amount: wrong,
        description: received(name, typed(payment.reference)),
        expected: { kind: "amountDiffers", paymentId: payment.id, what: "wrong amount" },
      });
    } else {
      drafts.push({
        time,
        amount: payment.amountCentavos,
        description: received(name, typed(payment.reference)),
        expected: { kind: "matched", paymentId: payment.id, what: "referenced" },
      });
      if (chance(0.01 / 0.93)) {
        const again = time + Math.floor(10 * 60_000 + next() * 48 * HOUR);
        drafts.push({
          time: again,
          amount: payment.amountCentavos,
          description: received(name, typed(payment.reference)),
          expected: { kind: "paidTwice", paymentId: payment.id, what: "paid twice" },
        });
      }
    }
  }
  const unrelated = Math.round(lineCount * 0.03);
  for (let i = 0; i < unrelated; i += 1) {
    const amount = pick([100_000, 200_000, 500_000, 123_456, 1_500_000, 80_000, 350_050, 1_000_000]);
    const time = MONTH_START + Math.floor(next() * (MONTH_DAYS + 2) * 24 * HOUR);
    drafts.push({
      time,
      amount,
      description: received(person(), pick(["", "pambayad utang", "bday gift", "rent share", "refund"])),
      expected: { kind: "unknown", paymentId: null, what: "unrelated" },
    });
  }
  for (let i = drafts.length; i < lineCount; i += 1) {
    const time = MONTH_START + Math.floor(next() * (MONTH_DAYS + 2) * 24 * HOUR);
    const [amount, description] = pick<[number, string]>([
      [-between(10, 200) * 100_000, `Transfer to BDO account ending in ${between(1000, 9999)}`],
      [-1_500, "Transfer fee"],
      [-between(1, 30) * 10_000, `Payment to ${person()}`],
    ]);
    drafts.push({ time, amount, description, expected: { kind: "moneyOut", paymentId: null, what: "money out" } });
  }
  drafts.sort((a, b) => a.time - b.time);

  const rows = ["GCash Transaction History", "Account Name,VA MARKETPLACE INC.", "Mobile Number,0917*****12", "Period,2026-11-01 to 2026-12-01"];
  rows.push("Date and Time,Description,Reference No.,Debit,Credit,Balance");
  let balance = 50_000_000;
  rows.push(`,STARTING BALANCE,,,,"${pesos(balance)}"`);
  const expected = new Map<string, Expected>();
  drafts.forEach((draft, i) => {
    balance += draft.amount;
    const bankReference = String(1_001_543_600_000 + i);
    expected.set(bankReference, draft.expected);
    const money = draft.amount > 0 ? `,"${pesos(draft.amount)}"` : `"${pesos(-draft.amount)}",`;
    rows.push(`${gcashTime(draft.time)},"${draft.description}",${bankReference},${money},"${pesos(balance)}"`);
  });
  rows.push(`,ENDING BALANCE,,,,"${pesos(balance)}"`);
  return { csv: Buffer.from(`${rows.join("\n")}\n`), payments, expected };
}

/** Reads and proposes a month: the proposals, the bank reference of each line number, and the time it took (ms). */
function reconcile(month: Month) {
  const start = performance.now();
  const parsed = parseStatement(month.csv);
  const parsedAt = performance.now();
  const proposals = proposeMatches(parsed.lines, month.payments);
  const ms = performance.now() - start;
  const bankReferences = new Map(parsed.lines.map((line) => [line.lineNo, line.bankReference!]));
  return { proposals, bankReferences, ms, lines: parsed.lines.length, parseMs: parsedAt - start };
}

function score(month: Month, proposals: readonly Proposal[], bankReferences: ReadonlyMap<number, string>) {
  const kinds = new Map<string, number>();
  const misses = new Map<string, number>();
  let correct = 0;
  let wrongMatched = 0;
  let wrongLikely = 0;
  for (const proposal of proposals) {
    const expected = month.expected.get(bankReferences.get(proposal.lineNo)!)!;
    kinds.set(proposal.kind, (kinds.get(proposal.kind) ?? 0) + 1);
    if (proposal.kind === expected.kind && proposal.paymentId === expected.paymentId) correct += 1;
    else misses.set(`${expected.what} → ${proposal.kind}`, (misses.get(`${expected.what} → ${proposal.kind}`) ?? 0) + 1);
    if (proposal.kind === "matched" && proposal.paymentId !== expected.paymentId) wrongMatched += 1;
    if (proposal.kind === "likely" && proposal.paymentId !== expected.paymentId) wrongLikely += 1;
  }
  const moneyIn = [...month.expected.values()].filter((expected) => expected.kind !== "moneyOut").length;
  return { correct, moneyIn, kinds, misses, wrongMatched, wrongLikely };
}

describe("statement reconciliation quality", () => {
  it("proposes at least 95 % of a month's lines right, and never a wrong match", () => {
    const month = generateMonth(2026, 1_000, 1_100);
    expect(month.expected.size).toBe(1_100);
    const { proposals, bankReferences, ms, parseMs } = reconcile(month);
    const result = score(month, proposals, bankReferences);

    // Every money-in line has a proposal; no money-out line has one.
    expect(proposals).toHaveLength(result.moneyIn);
    const expectedKinds = new Map<string, number>();
    for (const expected of month.expected.values()) expectedKinds.set(expected.kind, (expectedKinds.get(expected.kind) ?? 0) + 1);

    const percent = (100 * result.correct) / result.moneyIn;
    console.log(
      [
        `Statement reconciliation, a generated month: ${month.payments.length} payments, ${month.expected.size} lines (${result.moneyIn} money in).`,
        `  lines by truth:    ${[...expectedKinds].map(([kind, n]) => `${kind} ${n}`).join(", ")}`,
        `  proposed:          ${[...result.kinds].map(([kind, n]) => `${kind} ${n}`).join(", ")}`,
        `  correct:           ${result.correct} of ${result.moneyIn} money-in lines (${percent.toFixed(1)} %)`,
        `  not proposed right: ${[...result.misses].map(([what, n]) => `${what} ${n}`).join(", ") || "none"}`,
        `  wrong matched:     ${result.wrongMatched}`,
        `  wrong likely:      ${result.wrongLikely}`,
        `  time, parse + match: ${ms.toFixed(0)} ms (parse ${parseMs.toFixed(0)} ms)`,
      ].join("\n"),
    );

    expect(result.wrongMatched).toBe(0);
    expect(percent).toBeGreaterThanOrEqual(95);
    // The proposals are the same whatever the order of the lines and payments.
    const parsed = parseStatement(month.csv);
    const shuffled = proposeMatches([...parsed.lines].reverse(), [...month.payments].reverse());
    expect(new Map(shuffled.map((p) => [p.lineNo, [p.kind, p.paymentId]]))).toEqual(new Map(proposals.map((p) => [p.lineNo, [p.kind, p.paymentId]])));
  });

  it("reads and proposes 10,000 lines against 10,000 payments (time printed, not asserted)", () => {
    const month = generateMonth(77, 10_000, 10_000);
    const { proposals, bankReferences, ms, parseMs, lines } = reconcile(month);
    const result = score(month, proposals, bankReferences);
    console.log(
      `Statement reconciliation, ${lines} lines against ${month.payments.length} payments: parse + match ${ms.toFixed(0)} ms (parse ${parseMs.toFixed(0)} ms, match ${(ms - parseMs).toFixed(0)} ms); ` +
        `correct ${((100 * result.correct) / result.moneyIn).toFixed(1)} %, wrong matched ${result.wrongMatched}, wrong likely ${result.wrongLikely}`,
    );
    expect(result.wrongMatched).toBe(0);
  });
});

describe("proposeMatches rules", () => {
  const at = (wall: string) => new Date(`${wall}+08:00`);
  let lineNo = 0;
  const line = (wall: string, amount: number, reference: string | null = null, extra: Partial<MatchLine> = {}): MatchLine => {
    lineNo += 1;
    return { lineNo, fingerprint: `f${lineNo}`, postedAt: at(wall), amountCentavos: amount, reference, ...extra };
  };
  const payment = (id: string, reference: string, amount: number, created: string, extra: Partial<MatchPayment> = {}): MatchPayment => ({
    id,
    reference,
    amountCentavos: amount,
    createdAt: at(created),
    status: "UNVERIFIED",
    ...extra,
  });
  const kinds = (proposals: Proposal[]) => proposals.map((p) => [p.lineNo, p.kind, p.paymentId, p.differenceCentavos]);

  it("matches a reference and exact amount; a different amount is short (negative) or over (positive)", () => {
    const payments = [payment("a", "VA-7KQ2MX", 500000, "2026-11-18T09:00"), payment("b", "VA-H4T9PW", 500000, "2026-11-18T09:00")];
    const lines = [line("2026-11-18T10:00", 500000, "VA-7KQ2MX"), line("2026-11-18T11:00", 600000, "VA-H4T9PW")];
    expect(kinds(proposeMatches(lines, payments))).toEqual([
      [lines[0]!.lineNo, "matched", "a", undefined],
      [lines[1]!.lineNo, "amountDiffers", "b", 100000],
    ]);
  });

  it("takes lines in time order: the earlier line of a reference matches, the later is paid twice", () => {
    const payments = [payment("a", "VA-7KQ2MX", 500000, "2026-11-18T09:00")];
    const later = line("2026-11-20T10:00", 500000, "VA-7KQ2MX");
    const earlier = line("2026-11-18T10:00", 500000, "VA-7KQ2MX");
    expect(kinds(proposeMatches([later, earlier], payments))).toEqual([
      [later.lineNo, "paidTwice", "a", undefined],
      [earlier.lineNo, "matched", "a", undefined],
    ]);
  });

  it("treats a top-up of a short payment as still differing (0: complete), and what follows as paid twice", () => {
    const payments = [payment("a", "VA-7KQ2MX", 500000, "2026-11-18T09:00")];
    const lines = [
      line("2026-11-18T10:00", 400000, "VA-7KQ2MX"),
      line("2026-11-18T11:00", 100000, "VA-7KQ2MX"),
      line("2026-11-18T12:00", 100000, "VA-7KQ2MX"),
    ];
    expect(kinds(proposeMatches(lines, payments)).map(([, kind, , diff]) => [kind, diff])).toEqual([
      ["amountDiffers", -100000],
      ["amountDiffers", 0],
      ["paidTwice", undefined],
    ]);
  });

  it("calls a payment already confirmed against a line paid twice, but not one marked PAID by hand", () => {
    const payments = [
      payment("a", "VA-7KQ2MX", 500000, "2026-11-18T09:00", { status: "PAID", paidByLine: true }),
      payment("b", "VA-H4T9PW", 500000, "2026-11-18T09:00", { status: "PAID" }),
    ];
    const lines = [line("2026-11-18T10:00", 500000, "VA-7KQ2MX"), line("2026-11-18T10:00", 500000, "VA-H4T9PW")];
    expect(kinds(proposeMatches(lines, payments)).map(([, kind, id]) => [kind, id])).toEqual([
      ["paidTwice", "a"],
      ["matched", "b"],
    ]);
  });

  it("proposes 'likely' only for the one unpaid, unclaimed payment of the amount in the 72 hours before", () => {
    const payments = [
      payment("old", "VA-2222AA", 300000, "2026-11-14T09:00"), // more than 72 hours before
      payment("one", "VA-3333BB", 300000, "2026-11-17T12:00"),
      payment("after", "VA-4444CC", 300000, "2026-11-18T12:00"), // created after the line
      payment("paid", "VA-5555DD", 300000, "2026-11-17T12:00", { status: "PAID" }),
      payment("rejected", "VA-6666EE", 300000, "2026-11-17T12:00", { status: "REJECTED" }),
      payment("open", "VA-7777FF", 700000, "2026-11-17T12:00", { status: "OPEN" }),
    ];
    const lines = [line("2026-11-18T10:00", 300000), line("2026-11-18T10:00", 700000, "VA-9999ZZ"), line("2026-11-18T10:00", 800000)];
    expect(kinds(proposeMatches(lines, payments)).map(([, kind, id]) => [kind, id])).toEqual([
      ["likely", "one"],
      ["likely", "open"], // a reference no payment has is no reference
      ["unknown", null],
    ]);
    // A second candidate in the window: no guess.
    const two = [...payments, payment("two", "VA-8888GG", 300000, "2026-11-16T12:00")];
    expect(proposeMatches([lines[0]!], two)[0]!.kind).toBe("unknown");
    // The candidate claimed by a referenced line of the batch: not likely.
    const claimed = [line("2026-11-18T09:00", 300000, "VA-3333BB"), lines[0]!];
    expect(kinds(proposeMatches(claimed, payments)).map(([, kind, id]) => [kind, id])).toEqual([
      ["matched", "one"],
      ["unknown", null],
    ]);
  });

  it("proposes nothing 'likely' when two lines want the same single payment", () => {
    const payments = [payment("one", "VA-3333BB", 300000, "2026-11-17T12:00")];
    const lines = [line("2026-11-18T10:00", 300000), line("2026-11-18T11:00", 300000)];
    expect(proposeMatches(lines, payments).map((p) => p.kind)).toEqual(["unknown", "unknown"]);
  });

  it("considers the whole day of a line known to the day only, up to now", () => {
    const payments = [payment("one", "VA-3333BB", 300000, "2026-11-18T15:00")];
    const dayOnly = line("2026-11-18T00:00", 300000, null, { hasTime: false });
    expect(proposeMatches([dayOnly], payments)[0]!.kind).toBe("likely");
    expect(proposeMatches([dayOnly], payments, at("2026-11-18T14:00"))[0]!.kind).toBe("unknown");
  });

  it("proposes nothing for money going out, and keeps the order of the lines", () => {
    const payments = [payment("a", "VA-7KQ2MX", 500000, "2026-11-18T09:00")];
    const lines = [line("2026-11-18T12:00", -500000, "VA-7KQ2MX"), line("2026-11-18T11:00", 500000, "VA-7KQ2MX"), line("2026-11-18T10:00", 100)];
    expect(proposeMatches(lines, payments).map((p) => [p.lineNo, p.kind])).toEqual([
      [lines[1]!.lineNo, "matched"],
      [lines[2]!.lineNo, "unknown"],
    ]);
  });
});
