import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, formatShortDate, manilaDate, manilaInstant, weekdayAhead, type Booking, type Earnings, type PayoutBatchView } from "@vam/shared";
import { bookings, receipts } from "../src/db/schema.js";
import { decidePayoutLine, runPayoutBatch } from "../src/payouts/public.js";
import { atTime, book, bookSeries, mondayIn, setStatus, type Account } from "./helpers/bookings.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * Earnings, statements and receipts (decisions.md, "Cancelling, refunds, fees and payouts") over
 * HTTP against the real database: the four figures of GET /earnings through a booking's life
 * (paid: pending; completed: available, less the platform's 10 %; a referral reward; a payout
 * batched, sent, or failed and back), its lines, the monthly statement PDF read back as text, and
 * the receipt of a verified payment: numbered in order, for the client and operators only, and
 * attached to the "payment verified" email (written to DATA_DIR/outbox: no SMTP_URL here).
 *
 * The assistants' rate is the default (₱1,250 an hour): a 4-hour booking costs ₱5,000 (500000
 * centavos), of which the assistant earns ₱4,500.
 */

let server: TestServer;
let operator: Account;
let stranger: Account;
beforeAll(async () => {
  server = await startTestServer();
  operator = await signUpOperator(server, { firstName: "Olivia", lastName: "Ramos" });
  stranger = await signUp(server, { role: "Boss", firstName: "Sam", lastName: "Stranger" });
});
afterAll(() => server?.close());

/** Each page's text as PDF.js reads it, all pages as one string with runs of spaces made one. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const { items } = await (await pdf.getPage(number)).getTextContent();
    pages.push(items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await pdf.destroy();
  return pages.join("\n").replace(/\s+/g, " ");
}

/** A GET of a file: its status, headers and bytes (and the refusal's JSON, when refused). */
async function download(url: string, token?: string) {
  const response = await fetch(server.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = response.headers.get("content-type")?.includes("json")
    ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as { message: string })
    : null;
  return { status: response.status, headers: response.headers, bytes, json };
}

const earnings = async (account: Account) => {
  const answer = await server.api<Earnings>("GET", "/api/earnings", { token: account.token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const figures = (e: Earnings) => ({
  pending: e.pendingCentavos,
  available: e.availableCentavos,
  sending: e.sendingCentavos,
  paidOut: e.paidOutCentavos,
});

const ok = <T extends { status: number; body: unknown }>(answer: T, what: string): T => {
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
};
const verify = async (bookingId: string) =>
  ok(await server.api("PUT", `/api/admin/payments/${bookingId}`, { token: operator.token, body: { status: "PAID" } }), "verify");
const bookOn = async (client: Account, assistant: Account, date: string): Promise<Booking> =>
  ok(await book(server, client, { consultantId: assistant.user.id, date }), "book").body.booking;
/** The assistant accepts, then completes at `at` (after the booking's end). */
async function completeAt(assistant: Account, booking: Booking, at: Date) {
  ok(await setStatus(server, assistant, booking.id, "CONFIRMED"), "accept");
  await atTime(server, at, async () => ok(await setStatus(server, assistant, booking.id, "COMPLETED"), "complete"));
}

/** "2027-01" plus `n` months. */
function monthPlus(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}
/** A Manila wall-clock instant of a month: `at("2027-01", 5, "10:00")`. */
const at = (month: string, day: number, time: string) => manilaInstant(`${month}-${String(day).padStart(2, "0")}`, time);
/** "November 2026". */
const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
/** "Tue, Dec 1, 2026": a booking's day as the lines and receipts write it. */
const dayOf = (booking: Booking) => `${formatShortDate(booking.date)}, ${booking.date.slice(0, 4)}`;

const operatorRef = () => ({ id: operator.user.id });
async function payoutBatch(now: Date): Promise<PayoutBatchView> {
  return server.database.db.transaction((tx) => runPayoutBatch(tx, { config: server.app.config }, { operator: operatorRef(), now }));
}
async function markLine(
  lineId: string,
  now: Date,
  decision: { state: "SENT"; transferReference: string } | { state: "FAILED"; failureReason: string },
) {
  return server.database.db.transaction((tx) => decidePayoutLine(tx, server.app, { lineId, decision, operator: operatorRef(), now }));
}
const setPayoutAccount = async (account: Account) =>
  ok(
    await server.api("PUT", "/api/account/payout-account", {
      token: account.token,
      body: { method: "GCASH", accountName: `${account.input.firstName} ${account.input.lastName}`, accountNumber: "0917 123 4567" },
    }),
    "payout account",
  );

/** The .eml files of the outbox folder, parsed, once every queued email went out. */
async function outbox() {
  await server.app.emailQueue.idle();
  await server.app.emailQueue.drain();
  const folder = path.join(server.config.dataDir, "outbox");
  const files = (await readdir(folder).catch(() => [])).filter((file) => file.endsWith(".eml"));
  return Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(folder, file)))));
}

describe("receipts", () => {
  it("are issued once per verified payment, numbered in the order of verification, for the client and operators only", async () => {
    const maria = await signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" });
    const juan = await signUp(server, { role: "Boss", firstName: "Juan", lastName: "dela Cruz" });
    const ana = await signUp(server, { role: "Boss", firstName: "Ana", lastName: "Reyes" });
    const first = await bookOn(juan, maria, weekdayAhead(1));
    const second = await bookOn(ana, maria, weekdayAhead(2));
    ok(
      await server.api("PUT", `/api/payments/${first.paymentReference}/transfer-reference`, {
        token: juan.token,
        body: { transferReference: "GC 5012 3345 8891" },
      }),
      "transfer reference",
    );

    // Not verified yet: no receipt.
    const early = await download(`/api/bookings/${first.id}/receipt`, juan.token);
    expect(early.status).toBe(404);
    expect(early.json?.message).toBe(MSG.receiptNotFound);

    // Ana's payment is verified first: receipt 1; Juan's second: receipt 2.
    await verify(second.id);
    await verify(first.id);
    const numbers = await server.database.db.select({ number: receipts.number, paymentId: receipts.paymentId }).from(receipts);
    const [firstRow] = await server.database.db.select({ paymentId: bookings.paymentId }).from(bookings).where(eq(bookings.id, first.id));
    const [secondRow] = await server.database.db.select({ paymentId: bookings.paymentId }).from(bookings).where(eq(bookings.id, second.id));
    expect(numbers.sort((a, b) => a.number - b.number)).toEqual([
      { number: 1, paymentId: secondRow!.paymentId },
      { number: 2, paymentId: firstRow!.paymentId },
    ]);
    // Deciding again is refused and issues nothing more.
    expect((await server.api("PUT", `/api/admin/payments/${first.id}`, { token: operator.token, body: { status: "PAID" } })).status).toBe(409);
    expect(await server.database.db.select().from(receipts)).toHaveLength(2);

    const mine = await download(`/api/bookings/${first.id}/receipt`, juan.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("content-disposition")).toBe('attachment; filename="receipt-000002.pdf"');
    expect(Buffer.from(mine.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(mine.bytes);
    expect(text).toContain("Acknowledgement Receipt");
    expect(text).toContain("No. 000002");
    expect(text).toContain(`Payment reference ${first.paymentReference}`);
    expect(text).toContain("Transfer reference GC 5012 3345 8891");
    expect(text).toContain("Received from Juan dela Cruz the sum of ₱5,000 for the bookings below.");
    expect(text).toContain(`4 hours with Maria Santos, ${dayOf(first)}, 9:00 AM ₱5,000`);
    expect(text).toMatch(/Total ₱5,000/);
    expect(text).toContain(server.config.platform.legalName);
    expect(text).toContain(`TIN ${server.config.platform.tin}`);

    // An operator reads it too; the assistant is told it is the client's; anyone else does not see the booking.
    const byOperator = await download(`/api/bookings/${second.id}/receipt`, operator.token);
    expect(byOperator.status).toBe(200);
    expect(byOperator.headers.get("content-disposition")).toBe('attachment; filename="receipt-000001.pdf"');
    expect(await pdfText(byOperator.bytes)).toContain("Received from Ana Reyes the sum of ₱5,000");
    const byAssistant = await download(`/api/bookings/${first.id}/receipt`, maria.token);
    expect([byAssistant.status, byAssistant.json?.message]).toEqual([403, MSG.receiptOnlyClient]);
    const byStranger = await download(`/api/bookings/${first.id}/receipt`, stranger.token);
    expect([byStranger.status, byStranger.json?.message]).toEqual([404, MSG.bookingNotFound]);
    const byOtherClient = await download(`/api/bookings/${first.id}/receipt`, ana.token);
    expect(byOtherClient.status).toBe(404);
    expect((await download(`/api/bookings/${first.id}/receipt`)).status).toBe(401);
    expect((await download(`/api/bookings/00000000-0000-4000-8000-000000000000/receipt`, operator.token)).status).toBe(404);

    // The client's "payment verified" email carries the PDF; the assistant's does not.
    const mails = await outbox();
    const toJuan = mails.find(
      (mail) => mail.to && JSON.stringify(mail.to).includes(juan.input.email) && mail.subject?.startsWith("Payment verified"),
    );
    expect(toJuan, "Juan's payment verified email").toBeDefined();
    expect(toJuan!.text).toContain("Your receipt No. 000002 is attached.");
    const pdf = toJuan!.attachments.find((file) => file.contentType === "application/pdf");
    expect(pdf?.filename).toBe("receipt-000002.pdf");
    expect(await pdfText(new Uint8Array(pdf!.content))).toContain("Received from Juan dela Cruz the sum of ₱5,000");
    // The calendar file is still there beside it.
    expect(toJuan!.attachments.some((file) => file.contentType.startsWith("text/calendar"))).toBe(true);
    const toMaria = mails.filter((mail) => JSON.stringify(mail.to).includes(maria.input.email) && mail.subject?.startsWith("Payment verified"));
    expect(toMaria).toHaveLength(2);
    for (const mail of toMaria) {
      expect(mail.attachments.some((file) => file.contentType === "application/pdf")).toBe(false);
      expect(mail.text).not.toContain("receipt");
    }
  });

  it("lists each date of a weekly series paid at once", async () => {
    const maria = await signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" });
    const client = await signUp(server, { role: "Boss", firstName: "Rosa", lastName: "Lim" });
    const series = ok(await bookSeries(server, client, { consultantId: maria.user.id, date: mondayIn(2), weeks: 2 }), "series").body.bookings;
    await verify(series[0]!.id);
    const receipt = await download(`/api/bookings/${series[1]!.id}/receipt`, client.token);
    expect(receipt.status).toBe(200);
    const text = await pdfText(receipt.bytes);
    expect(text).toContain("the sum of ₱10,000");
    for (const date of series) expect(text).toContain(`4 hours with Maria Santos, ${dayOf(date)}, 9:00 AM ₱5,000`);
  });
});

describe("earnings", () => {
  it("starts empty for anyone", async () => {
    const sharer = await signUp(server, { role: "Sharer" });
    expect(await earnings(sharer)).toEqual({
      pendingCentavos: 0,
      availableCentavos: 0,
      sendingCentavos: 0,
      paidOutCentavos: 0,
      payoutMinimumCentavos: 50000,
      statementMonths: [],
      lines: [],
      pending: [],
    });
    expect((await server.api("GET", "/api/earnings")).status).toBe(401);
  });

  it("follow a booking's life: paid is pending, completed is available less 10 %, a reward adds, a payout is sent; the statements tell each month", async () => {
    const liza = await signUp(server, { role: "Assistant", firstName: "Liza", lastName: "Mercado" });
    const ramon = await signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" });
    // Dina was referred by Liza: Liza earns the reward of Dina's booking with another assistant.
    const dina = await signUp(server, { role: "Boss", firstName: "Dina", lastName: "Cruz", referralCode: liza.user.referralCode });
    const other = await signUp(server, { role: "Assistant", firstName: "Ben", lastName: "Tan" });

    const one = await bookOn(ramon, liza, weekdayAhead(1));
    const two = await bookOn(ramon, liza, weekdayAhead(3));
    const referred = await bookOn(dina, other, weekdayAhead(2));
    // Unverified: nothing yet.
    expect(figures(await earnings(liza))).toEqual({ pending: 0, available: 0, sending: 0, paidOut: 0 });

    await verify(one.id);
    await verify(two.id);
    await verify(referred.id);
    let now = await earnings(liza);
    expect(figures(now)).toEqual({ pending: 900000, available: 0, sending: 0, paidOut: 0 });
    expect(now.pending).toEqual([
      { bookingId: one.id, startsAt: one.startsAt, amountCentavos: 450000, clientName: "Ramon Reyes" },
      { bookingId: two.id, startsAt: two.startsAt, amountCentavos: 450000, clientName: "Ramon Reyes" },
    ]);
    expect(now.lines).toEqual([]);

    // Everything that follows happens in the month after the bookings (M), the next one is empty (M+1),
    // and the second booking completes late, in M+2.
    const month = monthPlus(manilaDate(new Date(two.endsAt)), 1);
    const empty = monthPlus(month, 1);
    const late = monthPlus(month, 2);

    await completeAt(liza, one, at(month, 5, "10:00"));
    now = await earnings(liza);
    expect(figures(now)).toEqual({ pending: 450000, available: 450000, sending: 0, paidOut: 0 });
    expect(now.lines).toEqual([
      {
        entryNumber: expect.any(Number),
        kind: "BOOKING_COMPLETED",
        memo: `4 hours with Ramon Reyes, ${dayOf(one)} (₱5,000 less ₱500 platform fee)`,
        // The moved clock runs on from the instant set.
        at: expect.stringMatching(new RegExp(`^${at(month, 5, "10:00").toISOString().slice(0, 16)}`)),
        amountCentavos: 450000,
        bookingId: one.id,
        payout: null,
      },
    ]);
    expect(now.statementMonths).toEqual([month]);

    // A payout batch takes the available balance: being sent.
    await setPayoutAccount(liza);
    const batch = await payoutBatch(at(month, 5, "11:00"));
    const line = batch.lines.find((item) => item.payee.id === liza.user.id)!;
    expect(line.amountCentavos).toBe(450000);
    now = await earnings(liza);
    expect(figures(now)).toEqual({ pending: 450000, available: 0, sending: 450000, paidOut: 0 });
    expect(now.lines[0]).toMatchObject({
      kind: "PAYOUT_BATCHED",
      memo: "Payout to GCash ending 4567",
      amountCentavos: -450000,
      payout: { state: "PENDING", transferReference: null },
    });

    // The referred booking completes: Liza's reward (₱500) is available at once.
    await completeAt(other, referred, at(month, 6, "10:00"));
    now = await earnings(liza);
    expect(figures(now)).toEqual({ pending: 450000, available: 50000, sending: 450000, paidOut: 0 });
    expect(now.lines[0]).toMatchObject({
      kind: "REFERRAL_REWARD",
      memo: `Referral reward: Dina Cruz's booking of ${dayOf(referred)}`,
      amountCentavos: 50000,
      bookingId: referred.id,
      payout: null,
    });

    // The operator marks the payout sent: paid out, with the transfer's reference on its line.
    await markLine(line.id, at(month, 7, "10:00"), { state: "SENT", transferReference: "GC-12345" });
    now = await earnings(liza);
    expect(figures(now)).toEqual({ pending: 450000, available: 50000, sending: 0, paidOut: 450000 });
    expect(now.lines.map((item) => [item.kind, item.amountCentavos, item.payout])).toEqual([
      ["REFERRAL_REWARD", 50000, null],
      ["PAYOUT_BATCHED", -450000, { state: "SENT", transferReference: "GC-12345" }],
      ["BOOKING_COMPLETED", 450000, null],
    ]);

    // The second booking completes two months later.
    await completeAt(liza, two, at(late, 5, "10:00"));
    now = await earnings(liza);
    expect(figures(now)).toEqual({ pending: 0, available: 500000, sending: 0, paidOut: 450000 });
    expect(now.pending).toEqual([]);
    expect(now.statementMonths).toEqual([late, month]);
    expect(now.lines.map((item) => item.kind)).toEqual(["BOOKING_COMPLETED", "REFERRAL_REWARD", "PAYOUT_BATCHED", "BOOKING_COMPLETED"]);

    // The month of it all: from nothing, earned ₱5,000 (₱4,500 + ₱500), fee ₱500, paid out ₱4,500, ₱500 left.
    const first = await download(`/api/earnings/statements/${month}`, liza.token);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="statement-${month}.pdf"`);
    const firstText = await pdfText(first.bytes);
    expect(firstText).toContain(`Statement for ${monthName(month)}`);
    expect(firstText).toContain("Liza Mercado");
    expect(firstText).toContain(liza.input.email);
    expect(firstText).toContain("Opening balance ₱0 Earned ₱5,000 Platform fee ₱500 Paid out ₱4,500 Closing balance ₱500");
    expect(firstText).toContain(`4 hours with Ramon Reyes, ${dayOf(one)} (₱5,000 less ₱500 platform fee) ₱4,500 ₱4,500`);
    expect(firstText).toContain("Payout to GCash ending 4567 (sent, ref GC-12345) -₱4,500 ₱0");
    expect(firstText).toContain(`Referral reward: Dina Cruz's booking of ${dayOf(referred)} ₱500 ₱500`);
    expect(firstText).toMatch(/Closing balance ₱500 Amounts are in Philippine pesos/);

    // The month after: nothing happened, and the statement says so.
    const quiet = await pdfText((await download(`/api/earnings/statements/${empty}`, liza.token)).bytes);
    expect(quiet).toContain("Opening balance ₱500 Earned ₱0 Platform fee ₱0 Paid out ₱0 Closing balance ₱500");
    expect(quiet).toContain("No earnings or payouts this month.");

    // The late completion's month opens with what was left.
    const third = await pdfText((await download(`/api/earnings/statements/${late}`, liza.token)).bytes);
    expect(third).toContain("Opening balance ₱500 Earned ₱4,500 Platform fee ₱500 Paid out ₱0 Closing balance ₱5,000");
    expect(third).toContain(`4 hours with Ramon Reyes, ${dayOf(two)} (₱5,000 less ₱500 platform fee) ₱4,500 ₱5,000`);

    // Only one's own: another user asking for the same month gets their own, empty statement.
    const theirs = await pdfText((await download(`/api/earnings/statements/${month}`, stranger.token)).bytes);
    expect(theirs).toContain("Sam Stranger");
    expect(theirs).toContain("No earnings or payouts this month.");
    expect(theirs).not.toContain("Liza Mercado");
    expect(theirs).not.toContain("Ramon Reyes");
    expect((await download(`/api/earnings/statements/${month}`)).status).toBe(401);
  });

  it("puts a failed payout back in the balance, and the statement nets it out of paid out", async () => {
    const sharer = await signUp(server, { role: "Sharer", firstName: "Carla", lastName: "Uy" });
    const client = await signUp(server, { role: "Boss", firstName: "Nico", lastName: "Go", referralCode: sharer.user.referralCode });
    const assistant = await signUp(server, { role: "Assistant", firstName: "Rey", lastName: "Lopez" });
    const booking = await bookOn(client, assistant, weekdayAhead(4));
    await verify(booking.id);
    // A sharer earns no booking: nothing pending.
    expect(figures(await earnings(sharer))).toEqual({ pending: 0, available: 0, sending: 0, paidOut: 0 });

    const month = monthPlus(manilaDate(new Date(booking.endsAt)), 4);
    await completeAt(assistant, booking, at(month, 10, "10:00"));
    expect(figures(await earnings(sharer))).toEqual({ pending: 0, available: 50000, sending: 0, paidOut: 0 });

    await setPayoutAccount(sharer);
    const batch = await payoutBatch(at(month, 10, "11:00"));
    const line = batch.lines.find((item) => item.payee.id === sharer.user.id)!;
    expect(figures(await earnings(sharer))).toEqual({ pending: 0, available: 0, sending: 50000, paidOut: 0 });
    await markLine(line.id, at(month, 11, "10:00"), { state: "FAILED", failureReason: "The number is not registered with GCash" });
    const now = await earnings(sharer);
    expect(figures(now)).toEqual({ pending: 0, available: 50000, sending: 0, paidOut: 0 });
    expect(now.lines.map((item) => [item.kind, item.memo, item.amountCentavos, item.payout?.state ?? null])).toEqual([
      ["PAYOUT_FAILED", "Payout to GCash ending 4567 failed: back in your balance", 50000, "FAILED"],
      ["PAYOUT_BATCHED", "Payout to GCash ending 4567", -50000, "FAILED"],
      ["REFERRAL_REWARD", `Referral reward: Nico Go's booking of ${dayOf(booking)}`, 50000, null],
    ]);

    const text = await pdfText((await download(`/api/earnings/statements/${month}`, sharer.token)).bytes);
    expect(text).toContain("Opening balance ₱0 Earned ₱500 Platform fee ₱0 Paid out ₱0 Closing balance ₱500");
    expect(text).toContain("Payout to GCash ending 4567 (failed, back in your balance) -₱500 ₱0");
    expect(text).toContain("Payout to GCash ending 4567 failed: back in your balance ₱500 ₱500");
  });

  it("refuses a month that is not yyyy-MM", async () => {
    for (const month of ["2026-13", "2026-1", "26-11", "november", "2026-11-01", "1999-12"]) {
      const answer = await server.api("GET", `/api/earnings/statements/${encodeURIComponent(month)}`, { token: stranger.token });
      expect([answer.status, answer.body.message], month).toEqual([400, MSG.statementMonthInvalid]);
    }
  });
});
