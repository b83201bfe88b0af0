import { and, count, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MSG,
  PAYMENT_REFERENCE_PATTERN,
  formatCentavos,
  weekdayAhead,
  type AdminPage,
  type AdminPayment,
  type AppNotification,
  type Booking,
  type PaymentDetails,
  type PaymentQrSetting,
  type StatementImport,
  type StatementLineView,
  type UnpaidHold,
} from "@vam/shared";
import { auditLog, emailOutbox, payments, platformSettings, statementImports, statementLines, statementMappings, users } from "../src/db/schema.js";
import { pgError } from "../src/http/errors.js";
import { crc16CcittFalse, decodeQrPh, encodeTlv } from "../src/qrph.js";
import { book, bookSeries, mondayIn, type Account } from "./helpers/bookings.js";
import { pngOf } from "./helpers/images.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * Payments over HTTP against the real database (decisions.md, "Money": Paying with QR Ph,
 * Reconciling payments): the payment step and its reference, bookings made with it, the client's
 * transfer reference, the console's QR Ph code, and importing and confirming statements.
 */

let server: TestServer;
let operator: Account;
let operator2: Account;
let boss: Account;
let assistant: Account;
let sharer: Account;
beforeAll(async () => {
  server = await startTestServer();
  [operator, operator2, boss, assistant, sharer] = await Promise.all([
    signUpOperator(server, { firstName: "Olivia", lastName: "Ramos" }),
    signUpOperator(server, { firstName: "Oscar", lastName: "Lim" }),
    signUp(server, { role: "Boss" }),
    signUp(server, { role: "Assistant" }),
    signUp(server, { role: "Sharer" }),
  ]);
});
afterAll(() => server?.close());

/** A real static BPI P2P code (jeffdelara/qr_emv, spec/qr_emv_spec.rb; also in qrph.test.ts): account 00001999047579, payee "prettywife". */
const P2P_BPI_STATIC =
  "00020101021127610012com.p2pqrpay0111BOPIPHMMXXX0208999644030414000019990475795204601653036085802PH5910prettywife6011Makati City6304450F";

// From the second weekday on, each booking on a day of its own.
let day = 1;
const nextDay = () => weekdayAhead(++day);

const newClient = () => signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" });
/** A consultant at `rate` pesos an hour (a rate of its own makes its amounts unique in this file). */
async function newConsultant(rate = 1250) {
  const consultant = await signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" });
  await server.database.db.update(users).set({ salaryRate: rate }).where(eq(users.id, consultant.user.id));
  return consultant;
}

const openPayment = (client: Account, body: { consultantId: string; duration?: number; dates?: number }) =>
  server.api<PaymentDetails & { message?: string }>("POST", "/api/bookings/payment", { token: client.token, body: { duration: 4, ...body } });
const unpaid = async (client: Account) => (await server.api<UnpaidHold>("GET", "/api/bookings/unpaid", { token: client.token })).body;

async function paymentRow(reference: string) {
  const [row] = await server.database.db.select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

/** A booking made by a fresh client (unpaid), with its payment's reference and amount. */
async function unpaidBooking(consultant: Account, client?: Account) {
  const booker = client ?? (await newClient());
  const made = await book(server, booker, { consultantId: consultant.user.id, date: nextDay() });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  const booking = made.body.booking;
  return { client: booker, booking, reference: booking.paymentReference, amountCentavos: booking.price * 100 };
}

const bookingOf = async (account: Account, id: string) =>
  (await server.api<{ booking: Booking }>("GET", `/api/bookings/${id}`, { token: account.token })).body.booking;
const paymentReceivedNotes = async (account: Account, bookingId: string) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter(
    (n) => n.entityId === bookingId && n.title === "Payment received",
  );
const auditCount = async (action: string, entityId: string) =>
  (
    await server.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
  )[0]!.n;

/** A multipart POST of one file (and text fields), as the console's forms send it. */
async function postFile(
  path: string,
  {
    token,
    field,
    bytes,
    name,
    type,
    fields = {},
  }: { token?: string; field: string; bytes: Buffer | string; name: string; type: string; fields?: Record<string, string> },
) {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(server.url + path, { method: "POST", headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answers they assert on
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

const importStatement = (bytes: Buffer | string, { token = operator.token, fields }: { token?: string; fields?: Record<string, string> } = {}) =>
  postFile("/api/admin/statements", { token, field: "file", bytes, name: "history.csv", type: "text/csv", fields });

const linesFor = async (q: string, state: "open" | "confirmed" = "open") =>
  (
    await server.api<AdminPage<StatementLineView>>("GET", `/api/admin/statements/lines?state=${state}&q=${encodeURIComponent(q)}`, {
      token: operator.token,
    })
  ).body.items;
const confirmLine = (id: string, token = operator.token) =>
  server.api<{ line: StatementLineView; outcome: string; message: string }>("POST", `/api/admin/statements/lines/${id}/confirm`, { token });

// GCash exports: the platform's receiving account history, with lines dated after the payments.
let bankNumber = 1_001_600_000_000;
let second = 0;
/** A Manila wall-clock time a little after now (each call a second later): after every payment made so far. */
function soon(): string {
  const at = new Date(Date.now() + 60_000 + ++second * 1000 + 8 * 3600_000);
  return at.toISOString().slice(0, 19).replace("T", " ");
}
const pesos = (centavos: number) => `${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, "0")}`;
const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const GCASH_HEAD = ["GCash Transaction History", "Account Name,VA MARKETPLACE INC."];
const GCASH_HEADER = "Date and Time,Description,Reference No.,Debit,Credit,Balance";
/** Money in (positive centavos) or out (negative), with the sender's text; lines start at line 4. */
function gcash(rows: { centavos: number; text: string }[]): string {
  const lines = rows.map(({ centavos, text }) =>
    [soon(), cell(text), String(++bankNumber), centavos < 0 ? pesos(centavos) : "", centavos > 0 ? pesos(centavos) : "", ""].join(","),
  );
  return [...GCASH_HEAD, GCASH_HEADER, ...lines].join("\n") + "\n";
}
const received = (name: string, reference = "") => `Received GCash from ${name} with account ending in 1234 ${reference}`.trim();

describe("the payment step", () => {
  it("opens a payment with a VA- reference whose QR Ph code is dynamic, of the exact amount and reference, demo on a fresh install", async () => {
    const consultant = await newConsultant(1250);
    const client = await newClient();
    const opened = await openPayment(client, { consultantId: consultant.user.id });
    expect(opened.status).toBe(200);
    expect(opened.body.reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(opened.body.amountCentavos).toBe(500000);
    expect(opened.body.demo).toBe(true);
    const code = decodeQrPh(opened.body.qrPayload);
    expect(code).toMatchObject({ initiation: "dynamic", amountCentavos: 500000, reference: opened.body.reference });
    expect(opened.body.qrSvg).toContain("<svg");
    expect((await paymentRow(opened.body.reference)).state).toBe("OPEN");
  });

  it("shows the same reference when reopened, and another for another choice", async () => {
    const consultant = await newConsultant();
    const client = await newClient();
    const first = await openPayment(client, { consultantId: consultant.user.id });
    const again = await openPayment(client, { consultantId: consultant.user.id });
    expect(again.body.reference).toBe(first.body.reference);
    const longer = await openPayment(client, { consultantId: consultant.user.id, duration: 8 });
    expect(longer.body.reference).not.toBe(first.body.reference);
    expect(longer.body.amountCentavos).toBe(2 * first.body.amountCentavos);
  });

  it("is refused while the client holds 3 unpaid payments, and GET /bookings/unpaid says so", async () => {
    const consultant = await newConsultant();
    const client = await newClient();
    expect(await unpaid(client)).toEqual({ payments: 0, dates: 0, refusal: null });
    for (let i = 0; i < 2; i++) await unpaidBooking(consultant, client);
    expect(await unpaid(client)).toEqual({ payments: 2, dates: 2, refusal: null });
    expect((await openPayment(client, { consultantId: consultant.user.id })).status).toBe(200);

    await unpaidBooking(consultant, client);
    expect(await unpaid(client)).toEqual({ payments: 3, dates: 3, refusal: MSG.bookingUnpaidCap });
    const refused = await openPayment(client, { consultantId: consultant.user.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.bookingUnpaidCap);
  });

  it("is refused when the dates waiting for payment would pass 12", async () => {
    const consultant = await newConsultant();
    const client = await newClient();
    const series = await bookSeries(server, client, { consultantId: consultant.user.id, date: mondayIn(1), weeks: 10 });
    expect(series.status).toBe(201);
    expect(await unpaid(client)).toEqual({ payments: 1, dates: 10, refusal: null });
    expect((await openPayment(client, { consultantId: consultant.user.id, dates: 2 })).status).toBe(200);
    const refused = await openPayment(client, { consultantId: consultant.user.id, dates: 3 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.bookingUnpaidDatesCap(10));
  });
});

describe("booking with the payment's reference", () => {
  it("pays the booking with the reference the payment step showed; the payment is no longer open, and the reference cannot be used again", async () => {
    const consultant = await newConsultant();
    const client = await newClient();
    const { reference } = (await openPayment(client, { consultantId: consultant.user.id })).body;
    const made = await book(server, client, { consultantId: consultant.user.id, date: nextDay(), paymentReference: reference });
    expect(made.status).toBe(201);
    expect(made.body.booking.paymentReference).toBe(reference);
    expect(made.body.booking.paymentStatus).toBe("UNVERIFIED");
    const row = await paymentRow(reference);
    expect(row.state).toBe("UNVERIFIED");
    expect(row.submittedAt).not.toBeNull();

    const reused = await book(server, client, { consultantId: consultant.user.id, date: nextDay(), paymentReference: reference });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(MSG.paymentReferenceUsed);
  });

  it("does not find someone else's reference", async () => {
    const consultant = await newConsultant();
    const [client, other] = await Promise.all([newClient(), newClient()]);
    const { reference } = (await openPayment(other, { consultantId: consultant.user.id })).body;
    const made = await book(server, client, { consultantId: consultant.user.id, date: nextDay(), paymentReference: reference });
    expect(made.status).toBe(404);
    expect(made.body.message).toBe(MSG.paymentNotFound);
    expect((await paymentRow(reference)).state).toBe("OPEN");
  });

  it("refuses a reference opened for another amount", async () => {
    const consultant = await newConsultant();
    const client = await newClient();
    const { reference } = (await openPayment(client, { consultantId: consultant.user.id, duration: 8 })).body;
    const made = await book(server, client, { consultantId: consultant.user.id, date: nextDay(), duration: 4, paymentReference: reference });
    expect(made.status).toBe(409);
    expect(made.body.message).toBe(MSG.paymentAmountChanged);
    expect((await paymentRow(reference)).state).toBe("OPEN");
  });

  it("opens a payment itself when the booking names none", async () => {
    const consultant = await newConsultant();
    const { booking, reference } = await unpaidBooking(consultant);
    expect(reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(await paymentRow(reference)).toMatchObject({ state: "UNVERIFIED", amountCentavos: booking.price * 100, dates: 1, duration: 4 });
  });

  it("pays a weekly series with one reference shared by its dates", async () => {
    const consultant = await newConsultant();
    const client = await newClient();
    const { reference, amountCentavos } = (await openPayment(client, { consultantId: consultant.user.id, dates: 3 })).body;
    const series = await bookSeries(server, client, { consultantId: consultant.user.id, date: mondayIn(2), weeks: 3, paymentReference: reference });
    expect(series.status).toBe(201);
    expect(series.body.bookings.map((b) => b.paymentReference)).toEqual([reference, reference, reference]);
    expect(await paymentRow(reference)).toMatchObject({ state: "UNVERIFIED", dates: 3, amountCentavos });
    expect(amountCentavos).toBe(3 * series.body.bookings[0]!.price * 100);
  });

  it("keeps references unique and well formed in the database itself", async () => {
    const consultant = await newConsultant();
    const { client, reference } = await unpaidBooking(consultant);
    const row = { clientId: client.user.id, consultantId: consultant.user.id, amountCentavos: 100, duration: 4 };
    const violation = async (reference: string) => {
      try {
        await server.database.db.insert(payments).values({ ...row, reference });
      } catch (error) {
        return pgError(error);
      }
      return undefined;
    };
    expect(await violation(reference)).toMatchObject({ code: "23505" });
    // 0, O, 1, I and L are not in the alphabet; a reference has 6 characters after "VA-".
    for (const malformed of ["VA-0OIL1X", "VA-7KQ2M", "va-7kq2mx", "XX-7KQ2MX"]) {
      expect(await violation(malformed), malformed).toMatchObject({ code: "23514" });
    }
  });
});

describe("the client's transfer reference", () => {
  const save = (account: Account, reference: string, transferReference: string) =>
    server.api("PUT", `/api/payments/${reference}/transfer-reference`, { token: account.token, body: { transferReference } });

  it("is saved by the client and shown on the booking and in the console's payments list", async () => {
    const consultant = await newConsultant();
    const { client, booking, reference } = await unpaidBooking(consultant);
    const saved = await save(client, reference, "1001543610117");
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ reference, transferReference: "1001543610117" });
    expect((await bookingOf(client, booking.id)).transferReference).toBe("1001543610117");
    const listed = (await server.api<AdminPayment[]>("GET", `/api/admin/payments?q=${reference}`, { token: operator.token })).body;
    expect(listed.map((p) => [p.id, p.transferReference])).toEqual([[booking.id, "1001543610117"]]);
  });

  it("is not found for another user, and refused blank or too long", async () => {
    const consultant = await newConsultant();
    const { client, reference } = await unpaidBooking(consultant);
    const other = await newClient();
    const foreign = await save(other, reference, "1001543610117");
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MSG.paymentNotFound);
    const blank = await save(client, reference, "");
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MSG.transferReferenceRequired);
    const long = await save(client, reference, "1".repeat(41));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(MSG.transferReferenceTooLong);
    expect((await paymentRow(reference)).transferReference).toBeNull();
  });

  it("is refused once the operator decided the payment", async () => {
    const consultant = await newConsultant();
    const { client, booking, reference } = await unpaidBooking(consultant);
    expect((await server.api("PUT", `/api/admin/payments/${booking.id}`, { token: operator.token, body: { status: "PAID" } })).status).toBe(200);
    const late = await save(client, reference, "1001543610117");
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MSG.transferReferenceClosed);
  });
});

describe("booking emails", () => {
  it("carry the payment reference to the client", async () => {
    const consultant = await newConsultant();
    const { client, reference } = await unpaidBooking(consultant);
    const mails = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, client.user.id));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.filter((mail) => mail.textBody.includes(reference)).map((mail) => mail.kind)).toContain("bookingCreated");
  });
});

describe("the console's QR Ph code", () => {
  // The next describes see the platform's code as a fresh install has it.
  afterAll(async () => {
    await server.database.db.delete(platformSettings).where(eq(platformSettings.key, "payment_qrph"));
  });

  const setQr = (text: string, token = operator.token) =>
    server.api<PaymentQrSetting & { message?: string }>("PUT", "/api/admin/payment-qr", { token, body: { text } });
  const readQr = (bytes: Buffer, token = operator.token) =>
    postFile("/api/admin/payment-qr/read", { token, field: "image", bytes, name: "qr.png", type: "image/png" });
  /** The BPI sample with its data objects edited and a correct CRC. */
  const edited = (drop: string) => {
    const body = `${encodeTlv(decodeQrPh(P2P_BPI_STATIC).fields.filter((field) => field.id !== "63" && field.id !== drop))}6304`;
    return body + crc16CcittFalse(body);
  };

  it("is refused to the signed-out (401) and to Boss, Assistant and Sharer (403)", async () => {
    const png = await QRCode.toBuffer(P2P_BPI_STATIC);
    for (const [account, status] of [
      [undefined, 401],
      [boss, 403],
      [assistant, 403],
      [sharer, 403],
    ] as const) {
      const token = account?.token;
      expect((await server.api("GET", "/api/admin/payment-qr", { token })).status).toBe(status);
      expect((await server.api("PUT", "/api/admin/payment-qr", { token, body: { text: P2P_BPI_STATIC } })).status).toBe(status);
      expect((await postFile("/api/admin/payment-qr/read", { token, field: "image", bytes: png, name: "qr.png", type: "image/png" })).status).toBe(
        status,
      );
    }
    expect((await server.api<PaymentQrSetting>("GET", "/api/admin/payment-qr", { token: operator.token })).body.source).toBe("demo");
  });

  it("saves a real code, shows what it pays (never the whole account), audits it, and every payment's code pays that payee", async () => {
    const saved = await setQr(P2P_BPI_STATIC);
    expect(saved.status).toBe(200);
    const shown = await server.api<PaymentQrSetting>("GET", "/api/admin/payment-qr", { token: operator.token });
    expect(shown.body).toMatchObject({
      source: "console",
      payload: P2P_BPI_STATIC,
      read: { payeeName: "prettywife", city: "Makati City", bankName: "BPI", accountLast4: "7579", kind: "p2p" },
    });
    expect(JSON.stringify(shown.body.read)).not.toContain("00001999047579");
    expect(shown.body.updatedAt).not.toBeNull();

    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.qr.set"), eq(auditLog.actorId, operator.user.id)));
    expect(entry).toMatchObject({ entityType: "setting", before: { source: "demo" }, after: { payeeName: "prettywife", accountLast4: "7579" } });

    const consultant = await newConsultant();
    const step = (await openPayment(await newClient(), { consultantId: consultant.user.id })).body;
    expect(step.demo).toBe(false);
    expect(step.accountName).toBe("prettywife");
    const code = decodeQrPh(step.qrPayload);
    expect(code).toMatchObject({
      bankCode: "BOPIPHMMXXX",
      payeeName: "prettywife",
      accountLast4: "7579",
      amountCentavos: step.amountCentavos,
      reference: step.reference,
    });
  });

  it("refuses a code naming what is wrong, and keeps the saved one", async () => {
    const before = (await server.api<PaymentQrSetting>("GET", "/api/admin/payment-qr", { token: operator.token })).body;
    for (const [text, message] of [
      ["hello, please pay me", MSG.qrphNotQrPh],
      [P2P_BPI_STATIC.replace("prettywife", "prettywifi"), MSG.qrphCrcMismatch],
      [edited("59"), MSG.qrphMissingPayee],
    ] as const) {
      const refused = await setQr(text);
      expect(refused.status, text).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await server.api<PaymentQrSetting>("GET", "/api/admin/payment-qr", { token: operator.token })).body).toEqual(before);
  });

  it("reads the code from a picture of it, and answers no QR found for a picture without one", async () => {
    const read = await readQr(await QRCode.toBuffer(P2P_BPI_STATIC, { margin: 2, scale: 6 }));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ payload: P2P_BPI_STATIC, read: { payeeName: "prettywife", accountLast4: "7579" } });
    expect(JSON.stringify(read.body.read)).not.toContain("00001999047579");
    const blank = await readQr(await pngOf(300, 300));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MSG.qrphNoQrFound);
  });
});

describe("importing a statement", () => {
  const storedCounts = async () => {
    const db = server.database.db;
    const [imports] = await db.select({ n: count() }).from(statementImports);
    const [lines] = await db.select({ n: count() }).from(statementLines);
    return { imports: imports!.n, lines: lines!.n };
  };

  it("is refused to the signed-out (401) and to non-operators (403), as are its lines and confirmations", async () => {
    const file = gcash([{ centavos: 100, text: received("NOBODY") }]);
    for (const [account, status] of [
      [undefined, 401],
      [boss, 403],
      [assistant, 403],
      [sharer, 403],
    ] as const) {
      const token = account?.token;
      expect((await postFile("/api/admin/statements", { token, field: "file", bytes: file, name: "history.csv", type: "text/csv" })).status).toBe(
        status,
      );
      expect((await server.api("GET", "/api/admin/statements/lines", { token })).status).toBe(status);
      expect((await server.api("POST", "/api/admin/statements/lines/00000000-0000-4000-8000-000000000001/confirm", { token })).status).toBe(status);
      expect((await server.api("POST", "/api/admin/statements/confirm-all", { token, body: { proposal: "matched" } })).status).toBe(status);
    }
    expect(await linesFor("NOBODY")).toEqual([]);
  });

  it("proposes each kind: matched, amount differs, likely, paid twice, unknown; importing it again adds nothing", async () => {
    const consultant = await newConsultant();
    const [exact, short, twice] = [await unpaidBooking(consultant), await unpaidBooking(consultant), await unpaidBooking(consultant)];
    // A rate of its own: the only unpaid payment of its amount.
    const likely = await unpaidBooking(await newConsultant(613));
    const tag = `T${Date.now().toString(36).toUpperCase()}`;
    const file = gcash([
      { centavos: exact.amountCentavos, text: received(`JUAN ${tag}`, exact.reference) },
      { centavos: short.amountCentavos - 100000, text: received(`ANA ${tag}`, short.reference.toLowerCase().replace("-", " ")) },
      { centavos: likely.amountCentavos, text: received(`PEDRO ${tag}`) },
      { centavos: twice.amountCentavos, text: received(`JOSE ${tag}`, twice.reference.replace("-", "")) },
      { centavos: twice.amountCentavos, text: received(`JOSE ${tag}`, twice.reference) },
      { centavos: 123, text: received(`CARLO ${tag}`) },
      { centavos: -2000000, text: `Transfer to BDO account ending in 4321 ${tag}` },
    ]);
    const imported = await importStatement(file);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ layout: "gcash", lines: 6, skipped: 0 });
    expect((imported.body as StatementImport).proposals).toEqual({ matched: 2, amountDiffers: 1, likely: 1, paidTwice: 1, unknown: 1 });

    const lines = await linesFor(tag);
    const proposal = (sender: string) =>
      lines.filter((line) => line.sender === `${sender} ${tag}`).map((line) => [line.proposal, line.payment?.reference ?? null]);
    expect(proposal("JUAN")).toEqual([["matched", exact.reference]]);
    expect(proposal("ANA")).toEqual([["amountDiffers", short.reference]]);
    expect(lines.find((line) => line.sender === `ANA ${tag}`)!.differenceCentavos).toBe(-100000);
    expect(proposal("PEDRO")).toEqual([["likely", likely.reference]]);
    expect(proposal("JOSE").sort()).toEqual([
      ["matched", twice.reference],
      ["paidTwice", twice.reference],
    ]);
    expect(proposal("CARLO")).toEqual([["unknown", null]]);
    // Money out is imported for nobody.
    expect(lines).toHaveLength(6);

    const again = await importStatement(file);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ lines: 6, skipped: 6, proposals: { matched: 0, amountDiffers: 0, likely: 0, paidTwice: 0, unknown: 0 } });
    expect(await linesFor(tag)).toHaveLength(6);
  });

  it("asks for the columns of an unknown layout, imports it with a mapping, and remembers the mapping for the next file", async () => {
    const consultant = await newConsultant();
    const { reference, amountCentavos } = await unpaidBooking(consultant);
    const tag = `M${Date.now().toString(36).toUpperCase()}`;
    const header = "Txn Date;Value Date;Sender Name;Remarks;Amount (PHP);Txn ID";
    const dayFirst = () => {
      const [date, time] = soon().split(" ");
      const [y, m, d] = date!.split("-");
      return `${d}/${m}/${y} ${time!.slice(0, 5)}`;
    };
    const row = (sender: string, remarks: string, centavos: number, id: string) => {
      const at = dayFirst();
      return [at, at.slice(0, 10), sender, remarks, pesos(centavos), id].join(";");
    };
    const first = `${header}\n${row(`ROSA ${tag}`, `payment ${reference}`, amountCentavos, `${tag}-1`)}\n${row(`LIZA ${tag}`, "thanks", 50000, `${tag}-2`)}\n`;

    const unknown = await importStatement(first);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG.statementUnknownLayout);
    expect(unknown.body.headers).toEqual(header.split(";"));

    const mapping = { date: "Txn Date", amount: "Amount (PHP)", reference: "Remarks", sender: "Sender Name", dateFormat: "dd/MM/yyyy" };
    const mapped = await importStatement(first, { fields: { mapping: JSON.stringify(mapping) } });
    expect(mapped.status).toBe(201);
    expect(mapped.body).toMatchObject({ layout: "mapped", lines: 2, skipped: 0, proposals: { matched: 1 } });
    expect((await linesFor(`ROSA ${tag}`)).map((line) => [line.proposal, line.payment?.reference])).toEqual([["matched", reference]]);

    // The same headers in another order: the remembered mapping reads it.
    const reordered = header.split(";").reverse().join(";");
    const second = `${reordered}\n${row(`NOEL ${tag}`, "gift", 70000, `${tag}-3`).split(";").reverse().join(";")}\n`;
    const remembered = await importStatement(second);
    expect(remembered.status).toBe(201);
    expect(remembered.body).toMatchObject({ layout: "mapped", lines: 1 });
    expect((await linesFor(`NOEL ${tag}`)).map((line) => line.amountCentavos)).toEqual([70000]);

    // A remembered mapping that no longer reads as one (an older shape, a hand edit) is none: the columns are asked again.
    await server.database.db.update(statementMappings).set({ mapping: { date: "Txn Date" } });
    const forgotten = await importStatement(second);
    expect(forgotten.status).toBe(400);
    expect(forgotten.body.message).toBe(MSG.statementUnknownLayout);
  });

  it("refuses a bad file as a whole, naming the line, and changes nothing", async () => {
    const before = await storedCounts();
    const good = { centavos: 500000, text: received("GOOD SENDER") };
    const formula = gcash([good, { centavos: 500000, text: '=HYPERLINK("http://evil.example","Click me")' }]);
    const missing = gcash([good]).replace(GCASH_HEADER, "Date and Time,Description,Reference No.,Debit,Balance");
    // Line 5 in Latin-1: "JOSÉ" with a lone 0xE9 byte.
    const latin1 = Buffer.concat([
      Buffer.from(`${gcash([good])}${soon()},Received GCash from JOS`),
      Buffer.from([0xe9]),
      Buffer.from(" GARCIA,1001,,5.00,\n"),
    ]);
    const cases: [Buffer | string, string, number | undefined][] = [
      [await pngOf(40, 40), MSG.statementNotCsv, undefined],
      [formula, MSG.statementFormula(5, "Description"), 5],
      [missing, MSG.statementMissingColumns(3, ["Credit"]), 3],
      [latin1, MSG.statementEncoding(5), 5],
    ];
    for (const [bytes, message, line] of cases) {
      const refused = await importStatement(bytes);
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
      expect(refused.body.line).toBe(line);
    }
    expect(await storedCounts()).toEqual(before);
  });
});

describe("confirming a statement line", () => {
  it("marks a matched payment received: the booking PAID, the client told, the line confirmed by the operator, both audited", async () => {
    const consultant = await newConsultant();
    const { client, booking, reference, amountCentavos } = await unpaidBooking(consultant);
    expect((await importStatement(gcash([{ centavos: amountCentavos, text: received("JUAN CONFIRM", reference) }]))).status).toBe(201);
    const [line] = await linesFor(reference);
    expect(line!.proposal).toBe("matched");

    const confirmed = await confirmLine(line!.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: "paid", message: MSG.statementConfirmedPaid(reference) });
    expect((await paymentRow(reference)).state).toBe("PAID");
    expect((await bookingOf(client, booking.id)).paymentStatus).toBe("PAID");
    expect(await paymentReceivedNotes(client, booking.id)).toHaveLength(1);
    expect(await linesFor(reference)).toEqual([]);
    const [proof] = await linesFor(reference, "confirmed");
    expect(proof).toMatchObject({ id: line!.id, confirmedBy: "Olivia Ramos", payment: { reference, state: "PAID" } });
    expect(proof!.confirmedAt).not.toBeNull();
    expect(await auditCount("statement.confirmed", line!.id)).toBe(1);
    expect(await auditCount("payment.received", (await paymentRow(reference)).id)).toBe(1);

    const again = await confirmLine(line!.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.statementLineConfirmed);
  });

  it("refuses a line that names no payment (409) and a line that does not exist (404)", async () => {
    const tag = `U${Date.now().toString(36).toUpperCase()}`;
    expect((await importStatement(gcash([{ centavos: 177, text: received(`NOBODY ${tag}`) }]))).status).toBe(201);
    const [line] = await linesFor(tag);
    expect(line!.proposal).toBe("unknown");
    const refused = await confirmLine(line!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.statementNothingToConfirm);
    const missing = await confirmLine("00000000-0000-4000-8000-000000000001");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.statementLineNotFound);
  });

  it("keeps a short line as proof only: the payment still waits", async () => {
    const consultant = await newConsultant();
    const { client, booking, reference, amountCentavos } = await unpaidBooking(consultant);
    expect((await importStatement(gcash([{ centavos: amountCentavos - 50000, text: received("ANA SHORT", reference) }]))).status).toBe(201);
    const [line] = await linesFor(reference);
    expect(line).toMatchObject({ proposal: "amountDiffers", differenceCentavos: -50000 });
    const confirmed = await confirmLine(line!.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: "proofOnly", message: MSG.statementConfirmedShort(reference, formatCentavos(50000)) });
    expect((await paymentRow(reference)).state).toBe("UNVERIFIED");
    expect((await bookingOf(client, booking.id)).paymentStatus).toBe("UNVERIFIED");
  });

  it("answers a refund due for the second line of a payment paid twice", async () => {
    const consultant = await newConsultant();
    const { reference, amountCentavos } = await unpaidBooking(consultant);
    const file = gcash([
      { centavos: amountCentavos, text: received("JOSE TWICE", reference) },
      { centavos: amountCentavos, text: received("JOSE TWICE", reference) },
    ]);
    expect((await importStatement(file)).body.proposals).toMatchObject({ matched: 1, paidTwice: 1 });
    const lines = await linesFor(reference);
    const first = lines.find((line) => line.proposal === "matched")!;
    const second = lines.find((line) => line.proposal === "paidTwice")!;
    expect((await confirmLine(first.id)).body.outcome).toBe("paid");
    const refund = await confirmLine(second.id);
    expect(refund.status).toBe(200);
    expect(refund.body.outcome).toBe("refundDue");
    expect((await paymentRow(reference)).state).toBe("PAID");
    expect(await auditCount("payment.received", (await paymentRow(reference)).id)).toBe(1);
  });

  it("confirms every open matched line at once", async () => {
    const consultant = await newConsultant();
    const paid = [await unpaidBooking(consultant), await unpaidBooking(consultant)];
    const file = gcash(paid.map(({ reference, amountCentavos }) => ({ centavos: amountCentavos, text: received("CARLO ALL", reference) })));
    expect((await importStatement(file)).body.proposals).toMatchObject({ matched: 2 });
    const all = await server.api<{ confirmed: number; message: string }>("POST", "/api/admin/statements/confirm-all", {
      token: operator.token,
      body: { proposal: "matched" },
    });
    expect(all.status).toBe(200);
    expect(all.body.confirmed).toBeGreaterThanOrEqual(2);
    expect(all.body.message).toBe(MSG.statementConfirmedAll(all.body.confirmed));
    for (const { client, booking, reference } of paid) {
      expect((await paymentRow(reference)).state).toBe("PAID");
      expect((await bookingOf(client, booking.id)).paymentStatus).toBe("PAID");
      expect(await linesFor(reference)).toEqual([]);
      expect(await linesFor(reference, "confirmed")).toHaveLength(1);
    }
    const refused = await server.api("POST", "/api/admin/statements/confirm-all", { token: operator.token, body: { proposal: "paidTwice" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.statementConfirmAllKind);
  });
});

describe("two operators at once", () => {
  it("confirming the same line: one succeeds, the other is refused, and the payment is marked once", async () => {
    const consultant = await newConsultant();
    const { client, booking, reference, amountCentavos } = await unpaidBooking(consultant);
    expect((await importStatement(gcash([{ centavos: amountCentavos, text: received("RACE ONE", reference) }]))).status).toBe(201);
    const [line] = await linesFor(reference);
    const answers = await Promise.all([confirmLine(line!.id, operator.token), confirmLine(line!.id, operator2.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(MSG.statementLineConfirmed);
    expect((await paymentRow(reference)).state).toBe("PAID");
    expect(await auditCount("payment.received", (await paymentRow(reference)).id)).toBe(1);
    expect(await paymentReceivedNotes(client, booking.id)).toHaveLength(1);
  });

  it("confirming two lines of the same payment: marked paid once, the other line a refund due", async () => {
    const consultant = await newConsultant();
    const { client, booking, reference, amountCentavos } = await unpaidBooking(consultant);
    // Two imports: each line is the first of its file, so both are proposed as matched.
    for (const name of ["RACE TWO", "RACE TWO AGAIN"]) {
      expect((await importStatement(gcash([{ centavos: amountCentavos, text: received(name, reference) }]))).body.proposals.matched).toBe(1);
    }
    const lines = await linesFor(reference);
    expect(lines.map((line) => line.proposal)).toEqual(["matched", "matched"]);
    const answers = await Promise.all([confirmLine(lines[0]!.id, operator.token), confirmLine(lines[1]!.id, operator2.token)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(["paid", "refundDue"]);
    expect((await paymentRow(reference)).state).toBe("PAID");
    expect(await auditCount("payment.received", (await paymentRow(reference)).id)).toBe(1);
    expect(await paymentReceivedNotes(client, booking.id)).toHaveLength(1);
    expect(await linesFor(reference, "confirmed")).toHaveLength(2);
  });
});
