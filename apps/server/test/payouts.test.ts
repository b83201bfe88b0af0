import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MSG,
  PAYOUT_ACCOUNT_HOLD_HOURS,
  decimalPesos,
  formatCentavos,
  manilaDate,
  manilaToday,
  shiftDate,
  weekdayAhead,
  type AppNotification,
  type Booking,
  type LedgerAccountHistory,
  type PayoutAccountInput,
  type PayoutBatchView,
  type PayoutLineView,
  type PayoutOverview,
  type TrialBalance,
} from "@vam/shared";
import { auditLog, emailOutbox, journalEntries, journalLines, ledgerAccounts, payments, payoutAccounts, refunds } from "../src/db/schema.js";
import { personalCode } from "../src/ledger/public.js";
import { journalRecords } from "../src/payouts/public.js";
import { bookingIn, completeAfterEnd, setStatus, type Account } from "./helpers/bookings.js";
import { ageAccount, balance, credit, entriesLike, entryLines, payable, refundsDue } from "./helpers/payouts.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * Payouts and refunds over HTTP against the real database (decisions.md, "Cancelling, refunds,
 * fees and payouts"): what a batch pays and what waits, the journal entries of each move (batched,
 * sent, failed), marking a line once, the bank's CSV file, the ledger's pages and the journal's
 * CSV, and the console's refusals. The tests run in order on one database and each leaves nothing
 * ready to pay, so that the next one's batch holds exactly its own lines.
 */

let server: TestServer;
let operator: Account;
let operator2: Account;
let boss: Account;
beforeAll(async () => {
  server = await startTestServer();
  [operator, operator2, boss] = await Promise.all([
    signUpOperator(server, { firstName: "Olivia", lastName: "Ramos" }),
    signUpOperator(server, { firstName: "Oscar", lastName: "Lim" }),
    signUp(server, { role: "Boss" }),
  ]);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const MINIMUM = 50_000; // PAYOUT_MINIMUM's default, 500 pesos
/** The default rate (₱1,250 an hour), 4 hours: ₱5,000, of which the assistant earns 90 %. */
const EARNED = 450_000;

// From the third weekday on (a client's cancellation is then on time), each booking on a day of its own.
let day = 2;
const nextDay = () => weekdayAhead(++day);

const assistant = (firstName: string, lastName: string) => signUp(server, { role: "Assistant", firstName, lastName });
const client = (firstName = "Ramon", lastName = "Reyes") => signUp(server, { role: "Boss", firstName, lastName });

/** A booking paid (verified by the operator) and not yet done. */
async function paidBooking(payer: Account, consultant: Account): Promise<Booking> {
  const booking = await bookingIn(server, payer, consultant, "CONFIRMED", { date: nextDay() }, { paymentStatus: "UNVERIFIED" });
  const verified = await server.api("PUT", `/api/admin/payments/${booking.id}`, { token: operator.token, body: { status: "PAID" } });
  expect(verified.status).toBe(200);
  return booking;
}

/** A paid booking completed: the assistant's balance grows by EARNED. */
async function earn(consultant: Account) {
  const booking = await paidBooking(await client(), consultant);
  expect((await completeAfterEnd(server, consultant, booking)).status).toBe(200);
  return booking;
}

/** A paid booking cancelled by its client on time: its whole price is due back to them. */
async function refundDue(payer: Account) {
  const booking = await paidBooking(payer, await assistant("Maria", "Santos"));
  expect((await setStatus(server, payer, booking.id, "CANCELLED")).status).toBe(200);
  const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, booking.id));
  return refund!;
}

const gcash = (account: Account, accountNumber: string, accountName?: string): PayoutAccountInput => ({
  method: "GCASH",
  accountName: accountName ?? `${account.input.firstName} ${account.input.lastName}`,
  accountNumber,
});

/** Saves the payout account; `aged` moves its change more than 24 hours back (no longer on hold). */
async function setAccount(account: Account, input: PayoutAccountInput, { aged = true } = {}) {
  const saved = await server.api("PUT", "/api/account/payout-account", { token: account.token, body: input });
  expect(saved.status).toBe(200);
  if (aged) await ageAccount(db(), account.user.id);
}

const overview = async (kind: "payouts" | "refunds") => {
  const response = await server.api<PayoutOverview>("GET", `/api/admin/${kind}`, { token: operator.token });
  expect(response.status).toBe(200);
  return response.body;
};
const runBatch = (kind: "payouts" | "refunds", token = operator.token) =>
  server.api<{ batch: PayoutBatchView; message?: string }>("POST", `/api/admin/${kind}/batches`, { token });
const mark = (lineId: string, body: unknown, token = operator.token) =>
  server.api<{ line: PayoutLineView; message?: string }>("PUT", `/api/admin/payout-lines/${lineId}`, { token, body });
const sent = (transferReference: string) => ({ state: "SENT", transferReference });
const failed = (failureReason: string) => ({ state: "FAILED", failureReason });

const lineOf = (batch: PayoutBatchView, account: Account) => {
  const line = batch.lines.find((candidate) => candidate.payee.id === account.user.id);
  if (!line) throw new Error(`no line for ${account.user.id}`);
  return line;
};
const notesOf = async (account: Account, title: string) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter((n) => n.title === title);
const emailsOf = (account: Account, subject: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, account.user.id), eq(emailOutbox.subject, subject)));
const auditOf = (action: string, entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

/** Marks every line of the batch still PENDING as sent: nothing of it stays in transit. */
async function sendAll({ id }: Pick<PayoutBatchView, "id">) {
  const batch = (await server.api<{ batch: PayoutBatchView }>("GET", `/api/admin/payouts/batches/${id}`, { token: operator.token })).body.batch;
  for (const line of batch.lines.filter((candidate) => candidate.state === "PENDING")) {
    expect((await mark(line.id, sent(`BULK-${line.id.slice(0, 8)}`))).status).toBe(200);
  }
}

const inTransit = () => balance(db(), "payoutsInTransit");

describe("payout batches", () => {
  it("pay exactly the balances at or over the minimum to an account not on hold; the others wait and say why", async () => {
    const ready = await assistant("Ana", "Aquino");
    const atMinimum = await assistant("Bea", "Bautista");
    const below = await assistant("Carlo", "Cruz");
    const noAccount = await assistant("Dina", "Diaz");
    const held = await assistant("Eli", "Estrada");
    await earn(ready);
    await credit(db(), atMinimum.user.id, MINIMUM);
    await credit(db(), below.user.id, MINIMUM - 1);
    await earn(noAccount);
    await earn(held);
    await setAccount(ready, gcash(ready, "09171234567"));
    await setAccount(atMinimum, { method: "BANK", bankName: "BDO Unibank", accountName: "Bea Bautista", accountNumber: "001234567890" });
    await setAccount(below, gcash(below, "09170000001"));
    await setAccount(held, gcash(held, "09170000002"), { aged: false });
    const [heldAccount] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, held.user.id));

    const before = await overview("payouts");
    expect(before.kind).toBe("PAYOUT");
    expect(before.ready).toEqual([
      {
        payeeId: ready.user.id,
        name: "Ana Aquino",
        amountCentavos: EARNED,
        destination: { method: "GCASH", bankName: null, accountName: "Ana Aquino", accountNumber: "09171234567" },
      },
      {
        payeeId: atMinimum.user.id,
        name: "Bea Bautista",
        amountCentavos: MINIMUM,
        destination: { method: "BANK", bankName: "BDO Unibank", accountName: "Bea Bautista", accountNumber: "001234567890" },
      },
    ]);
    const waitingOf = (account: Account) => before.waiting.find((item) => item.payeeId === account.user.id);
    expect(waitingOf(below)).toEqual({
      payeeId: below.user.id,
      name: "Carlo Cruz",
      amountCentavos: MINIMUM - 1,
      why: "belowMinimum",
      heldUntil: null,
    });
    expect(waitingOf(noAccount)).toEqual({
      payeeId: noAccount.user.id,
      name: "Dina Diaz",
      amountCentavos: EARNED,
      why: "noAccount",
      heldUntil: null,
    });
    expect(waitingOf(held)).toEqual({
      payeeId: held.user.id,
      name: "Eli Estrada",
      amountCentavos: EARNED,
      why: "accountChanged",
      heldUntil: new Date(heldAccount!.changedAt.getTime() + PAYOUT_ACCOUNT_HOLD_HOURS * 3600_000).toISOString(),
    });

    const transitBefore = await inTransit();
    const run = await runBatch("payouts");
    expect(run.status).toBe(201);
    const batch = run.body.batch;
    expect(batch).toMatchObject({
      kind: "PAYOUT",
      createdBy: "Olivia Ramos",
      totalCentavos: EARNED + MINIMUM,
      counts: { pending: 2, sent: 0, failed: 0 },
    });
    // Exactly the two ready balances, in the batch's order (by payee name), each its whole balance.
    expect(batch.lines.map((line) => [line.payee.id, line.amountCentavos, line.state])).toEqual([
      [ready.user.id, EARNED, "PENDING"],
      [atMinimum.user.id, MINIMUM, "PENDING"],
    ]);
    expect(lineOf(batch, ready)).toMatchObject({
      kind: "PAYOUT",
      payee: { name: "Ana Aquino", email: ready.input.email },
      destination: { method: "GCASH", bankName: null, accountName: "Ana Aquino", accountNumber: "09171234567" },
      transferReference: null,
      failureReason: null,
      decidedAt: null,
      refund: null,
    });

    // On the ledger: out of each balance, into transit.
    for (const [account, amount] of [
      [ready, EARNED],
      [atMinimum, MINIMUM],
    ] as const) {
      const line = lineOf(batch, account);
      expect(await entryLines(db(), `payout-batched:${line.id}`)).toEqual({
        kind: "PAYOUT_BATCHED",
        lines: { [personalCode("PAYABLE", account.user.id)]: amount, "payouts-in-transit": -amount },
      });
      expect(await balance(db(), payable(account.user.id))).toBe(0);
    }
    expect(await inTransit()).toBe(transitBefore + EARNED + MINIMUM);
    // The others kept their balances.
    expect(await balance(db(), payable(below.user.id))).toBe(MINIMUM - 1);
    expect(await balance(db(), payable(noAccount.user.id))).toBe(EARNED);
    expect(await balance(db(), payable(held.user.id))).toBe(EARNED);
    const [audit] = await auditOf("payout.batch.run", batch.id);
    expect(audit).toMatchObject({
      actorId: operator.user.id,
      entityType: "payoutBatch",
      after: { number: batch.number, lines: 2, totalCentavos: EARNED + MINIMUM },
    });

    // A second run right after has nothing new.
    const again = await runBatch("payouts", operator2.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.payoutNothingReady);

    // The batch is listed first, and fetched alone.
    const after = await overview("payouts");
    expect(after.ready).toEqual([]);
    expect(after.batches[0]).toEqual({ ...batch, lines: undefined });
    expect((await server.api("GET", `/api/admin/payouts/batches/${batch.id}`, { token: operator.token })).body).toEqual({ batch });

    // Earned again while the line is pending: it waits for the line (in neither list), and no batch takes it.
    await earn(ready);
    const meanwhile = await overview("payouts");
    expect([...meanwhile.ready, ...meanwhile.waiting].some((item) => item.payeeId === ready.user.id)).toBe(false);
    expect((await runBatch("payouts")).status).toBe(409);

    // Sent: out of transit and out of the receiving account; the payee is told and emailed.
    const readyLine = lineOf(batch, ready);
    const cashBefore = await balance(db(), "cash");
    const marked = await mark(readyLine.id, sent("GC-20261130-0001"));
    expect(marked.status).toBe(200);
    expect(marked.body.line).toMatchObject({ id: readyLine.id, state: "SENT", transferReference: "GC-20261130-0001", failureReason: null });
    expect(marked.body.line.decidedAt).not.toBeNull();
    expect(await entryLines(db(), `payout-sent:${readyLine.id}`)).toEqual({
      kind: "PAYOUT_SENT",
      lines: { "payouts-in-transit": EARNED, cash: -EARNED },
    });
    expect(await balance(db(), "cash")).toBe(cashBefore - EARNED);
    const [note] = await notesOf(ready, "Payout sent");
    expect(note).toMatchObject({ type: "SYSTEM", entityId: readyLine.id });
    expect(note!.content).toBe(`Your payout of ${formatCentavos(EARNED)} was sent to GCash ending 4567. Transfer reference: GC-20261130-0001.`);
    const [email] = await emailsOf(ready, "Payout sent");
    expect(email!.toAddress).toBe(ready.input.email);
    expect(email!.textBody).toContain(note!.content);
    expect(email!.textBody).not.toContain("09171234567");
    const [lineAudit] = await auditOf("payout.line.sent", readyLine.id);
    expect(lineAudit).toMatchObject({
      actorId: operator.user.id,
      entityType: "payoutLine",
      before: { state: "PENDING", amountCentavos: EARNED },
      after: { state: "SENT", transferReference: "GC-20261130-0001" },
    });

    // Marking it again, either way, is refused and moves nothing.
    for (const decision of [sent("GC-OTHER"), failed("Bounced")]) {
      const twice = await mark(readyLine.id, decision, operator2.token);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(MSG.payoutLineDecided);
    }
    expect(await entriesLike(db(), `payout-sent:${readyLine.id}`)).toBe(1);
    expect(await entriesLike(db(), `payout-failed:${readyLine.id}`)).toBe(0);

    // Failed: the money is back in the balance, and the payee is told why.
    const bankLine = lineOf(batch, atMinimum);
    const failing = await mark(bankLine.id, failed("Account name does not match"));
    expect(failing.status).toBe(200);
    expect(failing.body.line).toMatchObject({ state: "FAILED", failureReason: "Account name does not match", transferReference: null });
    expect(await entryLines(db(), `payout-failed:${bankLine.id}`)).toEqual({
      kind: "PAYOUT_FAILED",
      lines: { "payouts-in-transit": MINIMUM, [personalCode("PAYABLE", atMinimum.user.id)]: -MINIMUM },
    });
    expect(await balance(db(), payable(atMinimum.user.id))).toBe(MINIMUM);
    expect(await inTransit()).toBe(transitBefore);
    const [failNote] = await notesOf(atMinimum, "Payout failed");
    expect(failNote!.content).toContain(formatCentavos(MINIMUM));
    expect(failNote!.content).toContain("BDO Unibank ending 7890");
    expect(failNote!.content).toContain("Account name does not match");
    expect(await emailsOf(atMinimum, "Payout failed")).toHaveLength(1);
    expect(await auditOf("payout.line.failed", bankLine.id)).toHaveLength(1);

    // The next batch pays the failed balance again, and what was earned meanwhile.
    const next = await runBatch("payouts");
    expect(next.status).toBe(201);
    expect(next.body.batch.number).toBe(batch.number + 1);
    expect(next.body.batch.lines.map((line) => [line.payee.id, line.amountCentavos])).toEqual([
      [ready.user.id, EARNED],
      [atMinimum.user.id, MINIMUM],
    ]);
    const listed = await overview("payouts");
    expect(listed.batches.slice(0, 2).map((item) => [item.number, item.counts])).toEqual([
      [batch.number + 1, { pending: 2, sent: 0, failed: 0 }],
      [batch.number, { pending: 0, sent: 1, failed: 1 }],
    ]);
    await sendAll(next.body.batch);
    expect(await inTransit()).toBe(transitBefore);
  });

  it("mark a line once when two operators mark it at the same moment", async () => {
    const payee = await assistant("Fe", "Flores");
    await earn(payee);
    await setAccount(payee, gcash(payee, "09175550001"));
    const batch = (await runBatch("payouts")).body.batch;
    const line = lineOf(batch, payee);
    const results = await Promise.all([mark(line.id, sent("REF-ONE")), mark(line.id, sent("REF-TWO"), operator2.token)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await entriesLike(db(), `payout-sent:${line.id}`)).toBe(1);
    expect(await notesOf(payee, "Payout sent")).toHaveLength(1);
    await sendAll(batch);
  });
});

describe("refund batches", () => {
  it("send each refund due to its client's refund account not on hold; failed comes back, sent is final", async () => {
    const payer = await client("Gina", "Garcia");
    const noAccount = await client("Hugo", "Hernandez");
    const held = await client("Ivy", "Ilagan");
    const refund = await refundDue(payer);
    const waitingRefund = await refundDue(noAccount);
    const heldRefund = await refundDue(held);
    expect(refund).toMatchObject({ state: "DUE", amountCentavos: 500_000, reason: "CLIENT_CANCELLED" });
    await setAccount(payer, { method: "MAYA", accountName: "Gina Garcia", accountNumber: "09181112222" });
    await setAccount(held, gcash(held, "09181113333"), { aged: false });

    const before = await overview("refunds");
    expect(before.kind).toBe("REFUND");
    expect(before.ready).toEqual([
      {
        payeeId: payer.user.id,
        name: "Gina Garcia",
        amountCentavos: 500_000,
        destination: { method: "MAYA", bankName: null, accountName: "Gina Garcia", accountNumber: "09181112222" },
      },
    ]);
    expect(before.waiting.find((item) => item.payeeId === noAccount.user.id)).toMatchObject({
      amountCentavos: 500_000,
      why: "noAccount",
      heldUntil: null,
    });
    expect(before.waiting.find((item) => item.payeeId === held.user.id)).toMatchObject({ amountCentavos: 500_000, why: "accountChanged" });

    const run = await runBatch("refunds");
    expect(run.status).toBe(201);
    const batch = run.body.batch;
    expect(batch).toMatchObject({ kind: "REFUND", totalCentavos: 500_000, counts: { pending: 1, sent: 0, failed: 0 } });
    const line = lineOf(batch, payer);
    const [payment] = await db().select().from(payments).where(eq(payments.id, refund.paymentId!));
    expect(line).toMatchObject({
      kind: "REFUND",
      amountCentavos: 500_000,
      refund: { reason: "CLIENT_CANCELLED", paymentReference: payment!.reference },
    });
    expect(await entryLines(db(), `refund-batched:${line.id}`)).toEqual({
      kind: "REFUND_BATCHED",
      lines: { [personalCode("REFUNDS_DUE", payer.user.id)]: 500_000, "refunds-in-transit": -500_000 },
    });
    expect(await balance(db(), refundsDue(payer.user.id))).toBe(0);
    const stateOf = async (id: string) => (await db().select().from(refunds).where(eq(refunds.id, id)))[0]!;
    expect((await stateOf(refund.id)).state).toBe("SENDING");
    expect((await stateOf(waitingRefund.id)).state).toBe("DUE");
    expect((await stateOf(heldRefund.id)).state).toBe("DUE");
    expect(await auditOf("refund.batch.run", batch.id)).toHaveLength(1);

    const again = await runBatch("refunds");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.refundNothingReady);

    // Failed: due again, back in the client's refunds due, and in the next batch.
    expect((await mark(line.id, failed("Wallet limit reached"))).status).toBe(200);
    expect(await entryLines(db(), `refund-failed:${line.id}`)).toEqual({
      kind: "REFUND_FAILED",
      lines: { "refunds-in-transit": 500_000, [personalCode("REFUNDS_DUE", payer.user.id)]: -500_000 },
    });
    expect((await stateOf(refund.id)).state).toBe("DUE");
    expect(await balance(db(), refundsDue(payer.user.id))).toBe(500_000);
    const [failNote] = await notesOf(payer, "Refund failed");
    expect(failNote!.content).toContain("Maya ending 2222");
    expect(failNote!.content).toContain("Wallet limit reached");

    const next = (await runBatch("refunds")).body.batch;
    const nextLine = lineOf(next, payer);
    expect(next.lines).toHaveLength(1);
    const marked = await mark(nextLine.id, sent("MAYA-778899"));
    expect(marked.status).toBe(200);
    expect(await entryLines(db(), `refund-sent:${nextLine.id}`)).toEqual({
      kind: "REFUND_SENT",
      lines: { "refunds-in-transit": 500_000, cash: -500_000 },
    });
    const done = await stateOf(refund.id);
    expect(done.state).toBe("SENT");
    expect(done.sentAt).not.toBeNull();
    const [note] = await notesOf(payer, "Refund sent");
    expect(note!.content).toBe(`Your refund of ${formatCentavos(500_000)} was sent to Maya ending 2222. Transfer reference: MAYA-778899.`);
    expect(await emailsOf(payer, "Refund sent")).toHaveLength(1);
    // The client's booking shows it sent.
    const view = await server.api<{ booking: Booking }>("GET", `/api/bookings/${refund.bookingId}`, { token: payer.token });
    expect(view.body.booking.refund).toMatchObject({ state: "SENT", amountCentavos: 500_000 });
    expect((await mark(nextLine.id, failed("Too late"))).status).toBe(409);
    expect(await balance(db(), "refundsInTransit")).toBe(0);
  });
});

describe("the bank file", () => {
  it("lists the lines to send, every cell as the bank reads it, formulas neutralized", async () => {
    const first = await assistant("Jun", "Aaron");
    const second = await assistant("Kim", "Abad");
    const third = await assistant("Lea", "Abella");
    for (const payee of [first, second, third]) await earn(payee);
    await credit(db(), third.user.id, 1_23);
    await setAccount(first, {
      method: "BANK",
      bankName: "UnionBank",
      accountName: '=HYPERLINK("http://evil.example","Click")',
      accountNumber: "1098 7654 3210",
    });
    await setAccount(second, gcash(second, "0917 000 0002", "+Kim Abad"));
    await setAccount(third, { method: "MAYA", accountName: "@Lea-Abella", accountNumber: "09180000003" });
    const batch = (await runBatch("payouts")).body.batch;
    expect(batch.lines.map((line) => line.payee.id)).toEqual([first.user.id, second.user.id, third.user.id]);

    const response = await fetch(`${server.url}/api/admin/payouts/batches/${batch.id}/csv`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="payout-batch-${batch.number}.csv"`);
    const rows = parse(await response.text()) as string[][];
    expect(rows).toEqual([
      ["Line", "Payee", "Method", "Bank", "Account name", "Account number", "Amount", "Reference to quote"],
      [
        "1",
        "Jun Aaron",
        "Bank account",
        "UnionBank",
        `'=HYPERLINK("http://evil.example","Click")`,
        "109876543210",
        "4500.00",
        `VA payout ${batch.number}-1`,
      ],
      ["2", "Kim Abad", "GCash", "", "'+Kim Abad", "09170000002", "4500.00", `VA payout ${batch.number}-2`],
      ["3", "Lea Abella", "Maya", "", "'@Lea-Abella", "09180000003", decimalPesos(EARNED + 1_23), `VA payout ${batch.number}-3`],
    ]);
    expect(decimalPesos(EARNED + 1_23)).toBe("4501.23");

    // A line marked is no longer in the file; the others keep their numbers.
    expect((await mark(lineOf(batch, second).id, sent("GC-1"))).status).toBe(200);
    const later = parse(
      await (
        await fetch(`${server.url}/api/admin/payouts/batches/${batch.id}/csv`, { headers: { authorization: `Bearer ${operator.token}` } })
      ).text(),
    ) as string[][];
    expect(later.map((row) => row[0])).toEqual(["Line", "1", "3"]);
    await sendAll(batch);

    // A refund batch's file is named for it.
    const payer = await client("Mila", "Mendoza");
    await refundDue(payer);
    await setAccount(payer, gcash(payer, "09190000004"));
    const refundBatch = (await runBatch("refunds")).body.batch;
    const refundFile = await fetch(`${server.url}/api/admin/payouts/batches/${refundBatch.id}/csv`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(refundFile.headers.get("content-disposition")).toBe(`attachment; filename="refund-batch-${refundBatch.number}.csv"`);
    expect((parse(await refundFile.text()) as string[][])[1]).toEqual([
      "1",
      "Mila Mendoza",
      "GCash",
      "",
      "Mila Mendoza",
      "09190000004",
      "5000.00",
      `VA refund ${refundBatch.number}-1`,
    ]);
    await sendAll(refundBatch);

    const missing = await server.api("GET", `/api/admin/payouts/batches/${crypto.randomUUID()}/csv`, { token: operator.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.payoutBatchNotFound);
  });
});

describe("the ledger", () => {
  it("balances: debits equal credits, cash is the cash account's balance, an account's lines sum to its balance", async () => {
    const trial = await server.api<TrialBalance>("GET", "/api/admin/ledger", { token: operator.token });
    expect(trial.status).toBe(200);
    const { accounts, totalDebitsCentavos, totalCreditsCentavos, cashCentavos } = trial.body;
    expect(totalDebitsCentavos).toBeGreaterThan(0);
    expect(totalDebitsCentavos).toBe(totalCreditsCentavos);
    expect(cashCentavos).toBe(await balance(db(), "cash"));
    expect(accounts.every((account) => account.debitsCentavos + account.creditsCentavos > 0)).toBe(true);
    expect(accounts.map((account) => account.code)).toEqual(
      expect.arrayContaining(["cash", "held", "fees", "payouts-in-transit", "refunds-in-transit"]),
    );
    const [lines] = await db()
      .select({ debits: sql<string>`sum(${journalLines.amountCentavos}) filter (where ${journalLines.amountCentavos} > 0)` })
      .from(journalLines);
    expect(totalDebitsCentavos).toBe(Number(lines!.debits));

    // One payee's account: its lines (signed as they move the balance) sum to it.
    const payee = await assistant("Nora", "Navarro");
    await earn(payee);
    await credit(db(), payee.user.id, 1_00);
    const [account] = await db()
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, personalCode("PAYABLE", payee.user.id)));
    const history = await server.api<LedgerAccountHistory>("GET", `/api/admin/ledger/accounts/${account!.id}`, { token: operator.token });
    expect(history.status).toBe(200);
    expect(history.body.account).toMatchObject({
      code: account!.code,
      kind: "PAYABLE",
      ownerId: payee.user.id,
      balanceCentavos: EARNED + 1_00,
      creditsCentavos: EARNED + 1_00,
    });
    expect(history.body.lines.map((line) => [line.kind, line.amountCentavos])).toEqual([
      ["OPENING_BALANCE", 1_00],
      ["BOOKING_COMPLETED", EARNED],
    ]);
    const unknown = await server.api("GET", `/api/admin/ledger/accounts/${crypto.randomUUID()}`, { token: operator.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG.ledgerAccountNotFound);
  });

  it("exports every journal line as CSV, within Manila days when asked", async () => {
    const response = await fetch(`${server.url}/api/admin/ledger/journal.csv`, { headers: { authorization: `Bearer ${operator.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="journal.csv"');
    const rows = parse(await response.text(), { bom: true }) as string[][];
    expect(rows[0]).toEqual(["Entry", "Posted at", "Manila date", "Kind", "Memo", "Event key", "Account code", "Account name", "Debit", "Credit"]);
    const stored = await db()
      .select({
        number: journalEntries.number,
        postedAt: journalEntries.postedAt,
        kind: journalEntries.kind,
        memo: journalEntries.memo,
        eventKey: journalEntries.eventKey,
        code: ledgerAccounts.code,
        name: ledgerAccounts.name,
        amount: journalLines.amountCentavos,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .orderBy(journalEntries.number, journalLines.amountCentavos);
    expect(rows.slice(1)).toEqual(
      stored.map((line) => [
        String(line.number),
        line.postedAt.toISOString(),
        manilaDate(line.postedAt),
        line.kind,
        line.memo,
        line.eventKey,
        line.code,
        line.name,
        line.amount > 0 ? decimalPesos(line.amount) : "",
        line.amount < 0 ? decimalPesos(-line.amount) : "",
      ]),
    );
    const cents = (text: string) => (text ? Math.round(Number(text) * 100) : 0);
    const sum = (column: number) => rows.slice(1).reduce((total, row) => total + cents(row[column]!), 0);
    expect(sum(8)).toBe(sum(9));

    // Read in pages that end at whole entries: the same lines at any page size.
    const all = [];
    for await (const record of journalRecords(db(), {}, 5)) all.push(record);
    expect(all).toEqual(rows.slice(1));

    // Today only (Manila): completions were posted on the days their bookings ended, later.
    const today = manilaToday();
    const todays = parse(
      await (
        await fetch(`${server.url}/api/admin/ledger/journal.csv?from=${today}&to=${today}`, {
          headers: { authorization: `Bearer ${operator.token}` },
        })
      ).text(),
      { bom: true },
    ) as string[][];
    const expected = rows.slice(1).filter((row) => row[2] === today);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length - 1);
    expect(todays.slice(1)).toEqual(expected);
    const tomorrowOn = parse(
      await (
        await fetch(`${server.url}/api/admin/ledger/journal.csv?from=${shiftDate(today, 1)}`, {
          headers: { authorization: `Bearer ${operator.token}` },
        })
      ).text(),
      { bom: true },
    ) as string[][];
    expect(tomorrowOn.slice(1)).toEqual(rows.slice(1).filter((row) => row[2]! > today));
  });
});

describe("the console's refusals", () => {
  const line = crypto.randomUUID();
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/payouts"],
    ["GET", "/api/admin/refunds"],
    ["POST", "/api/admin/payouts/batches"],
    ["POST", "/api/admin/refunds/batches"],
    ["GET", `/api/admin/payouts/batches/${line}`],
    ["GET", `/api/admin/payouts/batches/${line}/csv`],
    ["PUT", `/api/admin/payout-lines/${line}`, { state: "SENT", transferReference: "REF-1" }],
    ["GET", "/api/admin/ledger"],
    ["GET", `/api/admin/ledger/accounts/${line}`],
    ["GET", "/api/admin/ledger/journal.csv"],
  ];

  it("refuses everyone but operators", async () => {
    for (const [method, path, body] of routes) {
      const anonymous = await server.api(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const refused = await server.api(method, path, { body, token: boss.token });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe(MSG.operatorsOnly);
    }
  });

  it("answers bad input with 400 and a message, unknown ids with 404", async () => {
    const payee = await assistant("Olga", "Ortiz");
    await earn(payee);
    await setAccount(payee, gcash(payee, "09175550002"));
    const batch = (await runBatch("payouts")).body.batch;
    const id = lineOf(batch, payee).id;
    const bad: [unknown, string][] = [
      [{}, MSG.invalidJson],
      [{ state: "SENT" }, ""],
      [{ state: "SENT", transferReference: " ab " }, "Enter the transfer's reference."],
      [{ state: "SENT", transferReference: "x".repeat(65) }, ""],
      [{ state: "FAILED" }, ""],
      [{ state: "FAILED", failureReason: "  " }, "Say why it failed."],
      [{ state: "LOST", failureReason: "Gone" }, ""],
      [{ state: "PENDING" }, ""],
      ["SENT", ""],
    ];
    for (const [body, message] of bad) {
      const response = await mark(id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.message).toBe("string");
      if (message && message !== MSG.invalidJson) expect(response.body.message).toBe(message);
    }
    const withoutBody = await server.api("PUT", `/api/admin/payout-lines/${id}`, { token: operator.token });
    expect(withoutBody.status).toBe(400);
    // Nothing was marked by any of them.
    expect((await server.api("GET", `/api/admin/payouts/batches/${batch.id}`, { token: operator.token })).body.batch.counts.pending).toBe(1);

    for (const query of ["from=2026-02-30", "from=yesterday", "to=2026-1-5", "from=2026-03-02&to=2026-03-01", "from=9999-12-31"]) {
      const journal = await server.api("GET", `/api/admin/ledger/journal.csv?${query}`, { token: operator.token });
      expect(journal.status, query).toBe(400);
      expect(typeof journal.body.message).toBe("string");
      const [account] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.code, "cash"));
      expect((await server.api("GET", `/api/admin/ledger/accounts/${account!.id}?${query}`, { token: operator.token })).status, query).toBe(400);
    }

    const unknownLine = await mark(crypto.randomUUID(), sent("REF-1"));
    expect(unknownLine.status).toBe(404);
    expect(unknownLine.body.message).toBe(MSG.payoutLineNotFound);
    for (const path of ["/api/admin/payout-lines/not-an-id", "/api/admin/payouts/batches/not-an-id", "/api/admin/ledger/accounts/not-an-id"]) {
      const response = await server.api(path.includes("payout-lines") ? "PUT" : "GET", path, {
        token: operator.token,
        body: path.includes("payout-lines") ? sent("REF-1") : undefined,
      });
      expect(response.status, path).toBe(404);
    }
    const unknownBatch = await server.api("GET", `/api/admin/payouts/batches/${crypto.randomUUID()}`, { token: operator.token });
    expect(unknownBatch.status).toBe(404);
    expect(unknownBatch.body.message).toBe(MSG.payoutBatchNotFound);
    await sendAll(batch);
  });
});
