import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, PAYOUT_ACCOUNT_HOLD_HOURS, type PayoutAccountView } from "@vam/shared";
import { emailOutbox, notifications, payoutAccounts } from "../src/db/schema.js";
import { PAYOUT_ACCOUNT_EMAIL_KIND } from "../src/payout-accounts/emails.js";
import { payoutAccountOf, payoutDestination, payoutHeldUntil } from "../src/payout-accounts/public.js";
import { atTime } from "./helpers/bookings.js";
import { startMailbox, type Mailbox } from "./helpers/mailbox.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, SMTP_FROM: "VA Marketplace <hello@va.test>", EMAIL_POLL_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

type Account = Awaited<ReturnType<typeof signUp>>;
type Answer = { payoutAccount: PayoutAccountView; message: string };

const HOUR = 3600_000;
const gcash = { method: "GCASH", accountName: "Juan Dela Cruz", accountNumber: "0917 123 4567" };
const bank = { method: "BANK", bankName: "BDO Unibank", accountName: "Juan Dela Cruz", accountNumber: "0012-3456-7890" };

const read = (account: Account) =>
  server.api<{ payoutAccount: PayoutAccountView | null }>("GET", "/api/account/payout-account", { token: account.token });
const save = (account: Account, body: unknown) => server.api<Answer>("PUT", "/api/account/payout-account", { token: account.token, body });
const db = () => server.database.db;
const emailsOf = (account: Account) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, account.user.id), eq(emailOutbox.kind, PAYOUT_ACCOUNT_EMAIL_KIND)));
const noticesOf = (account: Account) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, account.user.id), eq(notifications.title, "Payout account changed")));

describe("the payout account", () => {
  it("is none until set, and only for a signed-in user", async () => {
    const account = await signUp(server, { role: "Assistant" });
    expect(await read(account)).toMatchObject({ status: 200, body: { payoutAccount: null } });
    expect((await server.api("GET", "/api/account/payout-account")).status).toBe(401);
    expect((await server.api("PUT", "/api/account/payout-account", { body: gcash })).status).toBe(401);
  });

  it("refuses each bad input with its message and field (400, never 500), and saves nothing", async () => {
    const account = await signUp(server);
    const refusals: [unknown, string, string | undefined][] = [
      [{}, MSG.payoutMethodRequired, "method"],
      [{ ...gcash, method: "PAYPAL" }, MSG.payoutMethodRequired, "method"],
      [{ ...gcash, method: null }, MSG.payoutMethodRequired, "method"],
      [[gcash], MSG.payoutMethodRequired, undefined],
      [{ ...gcash, accountNumber: "0917 123 456" }, "Enter a GCash number like 0917 123 4567.", "accountNumber"],
      [{ ...gcash, accountNumber: "0817 123 4567" }, MSG.payoutMobileInvalid("GCash"), "accountNumber"],
      [{ ...gcash, accountNumber: 9171234567 }, MSG.payoutMobileInvalid("GCash"), "accountNumber"],
      [{ ...gcash, method: "MAYA", accountNumber: "+1 917 123 4567" }, "Enter a Maya number like 0917 123 4567.", "accountNumber"],
      [{ ...gcash, accountNumber: "x".repeat(10_000) }, MSG.payoutMobileInvalid("GCash"), "accountNumber"],
      [{ method: "GCASH", accountName: "Juan Dela Cruz" }, MSG.payoutMobileInvalid("GCash"), "accountNumber"],
      [{ ...gcash, accountName: " J " }, MSG.payoutAccountNameRequired, "accountName"],
      [{ ...gcash, accountName: "a".repeat(101) }, MSG.textTooLong("The account name", 100), "accountName"],
      [{ ...gcash, accountName: "Juan\u0000Cruz" }, MSG.textControl, "accountName"],
      [{ ...bank, bankName: undefined }, "Choose the bank.", "bankName"],
      [{ ...bank, bankName: "Bank of Nowhere" }, MSG.payoutBankRequired, "bankName"],
      [{ ...bank, accountNumber: "123456789" }, "Enter the account number: 10 to 16 digits.", "accountNumber"],
      [{ ...bank, accountNumber: "12345678901234567" }, MSG.payoutBankNumberInvalid, "accountNumber"],
      [{ ...bank, accountNumber: "1234.5678.90" }, MSG.payoutBankNumberInvalid, "accountNumber"],
    ];
    for (const [body, message, field] of refusals) {
      const answer = await save(account, body);
      expect({ body, status: answer.status, message: answer.body.message, field: (answer.body as { field?: string }).field }).toEqual({
        body,
        status: 400,
        message,
        field,
      });
    }
    const notJson = await server.api("PUT", "/api/account/payout-account", { token: account.token, headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(await payoutAccountOf(db(), account.user.id)).toBeUndefined();
    expect(await emailsOf(account)).toEqual([]);
  });

  it("keeps a mobile number as its 11 digits and a bank number as its digits; answers show the last 4 only", async () => {
    const account = await signUp(server, { role: "Assistant" });
    const saved = await save(account, { ...gcash, accountName: "  Juan Dela Cruz  ", accountNumber: "+63 917 123 4567" });
    expect(saved.status).toBe(200);
    expect(saved.body.payoutAccount).toMatchObject({ method: "GCASH", bankName: null, accountName: "Juan Dela Cruz", accountNumberLast4: "4567" });
    expect(saved.body.message).toBe(MSG.payoutAccountSaved);
    const row = await payoutAccountOf(db(), account.user.id);
    expect(row).toMatchObject({ method: "GCASH", bankName: null, accountName: "Juan Dela Cruz", accountNumber: "09171234567" });
    expect(payoutDestination(row!)).toEqual({ method: "GCASH", bankName: null, accountName: "Juan Dela Cruz", accountNumber: "09171234567" });

    const shown = await read(account);
    expect(shown.body.payoutAccount).toMatchObject({ accountNumberLast4: "4567" });
    expect(Object.keys(shown.body.payoutAccount!).sort()).toEqual([
      "accountName",
      "accountNumberLast4",
      "bankName",
      "changedAt",
      "heldUntil",
      "method",
    ]);
    expect(JSON.stringify(shown.body)).not.toContain("9171234567");

    // A bank account: the bank kept; a wallet's bank sent along is not.
    const toBank = await save(account, { ...bank, accountNumber: "1234 5678 9012 3456" });
    expect(toBank.body.payoutAccount).toMatchObject({ method: "BANK", bankName: "BDO Unibank", accountNumberLast4: "3456" });
    expect((await payoutAccountOf(db(), account.user.id))!.accountNumber).toBe("1234567890123456");
    expect(JSON.stringify((await read(account)).body)).not.toContain("123456789012");
    const backToMaya = await save(account, { ...gcash, method: "MAYA", bankName: "BDO Unibank", accountNumber: "639981234567" });
    expect(backToMaya.body.payoutAccount).toMatchObject({ method: "MAYA", bankName: null, accountNumberLast4: "4567" });
    expect(await payoutAccountOf(db(), account.user.id)).toMatchObject({ bankName: null, accountNumber: "09981234567" });
  });

  it("holds payouts 24 hours after each change, the first one included, by the server's clock", async () => {
    const account = await signUp(server, { role: "Assistant" });
    const t0 = new Date("2030-03-04T02:00:00.000Z");
    const first = await atTime(server, t0, () => save(account, gcash));
    const changedAt = Date.parse(first.body.payoutAccount.changedAt);
    expect(changedAt - t0.getTime()).toBeGreaterThanOrEqual(0);
    expect(changedAt - t0.getTime()).toBeLessThan(5_000);
    expect(Date.parse(first.body.payoutAccount.heldUntil!)).toBe(changedAt + PAYOUT_ACCOUNT_HOLD_HOURS * HOUR);

    const stillHeld = await atTime(server, new Date(t0.getTime() + 23 * HOUR), () => read(account));
    expect(stillHeld.body.payoutAccount!.heldUntil).toBe(first.body.payoutAccount.heldUntil);
    const row = (await payoutAccountOf(db(), account.user.id))!;
    expect(payoutHeldUntil(row, new Date(t0.getTime() + 23 * HOUR))?.getTime()).toBe(changedAt + 24 * HOUR);
    expect(payoutHeldUntil(row, new Date(changedAt + 24 * HOUR))).toBeNull();

    const later = new Date(t0.getTime() + 25 * HOUR);
    const released = await atTime(server, later, () => read(account));
    expect(released.body.payoutAccount).toMatchObject({ changedAt: first.body.payoutAccount.changedAt, heldUntil: null });

    // Saving the same details again (typed differently) changes nothing: no new hold.
    const same = await atTime(server, later, () => save(account, { ...gcash, accountNumber: "+639171234567" }));
    expect(same.body.payoutAccount).toMatchObject({ changedAt: first.body.payoutAccount.changedAt, heldUntil: null });
    expect(same.body.message).toBe(MSG.payoutAccountUnchanged);

    // Another change holds again, from its own time.
    const changed = await atTime(server, later, () => save(account, { ...gcash, accountNumber: "0918 765 4321" }));
    const changedAgain = Date.parse(changed.body.payoutAccount.changedAt);
    expect(changedAgain).toBeGreaterThanOrEqual(later.getTime());
    expect(Date.parse(changed.body.payoutAccount.heldUntil!)).toBe(changedAgain + 24 * HOUR);
  });

  it("emails the user and tells them in the app once per real change, never for the same details again", async () => {
    const account = await signUp(server, { role: "Sharer", firstName: "Liza" });
    const t0 = new Date("2030-05-12T01:30:00.000Z"); // 9:30 AM in Manila
    await atTime(server, t0, () => save(account, bank));
    const mail = await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject === "Your payout account was changed");
    expect(mail.text).toContain("Hi Liza,");
    for (const words of [
      "Bank account",
      "BDO Unibank",
      "Juan Dela Cruz",
      "ending 7890",
      "If this wasn't you, change your password and contact us.",
    ]) {
      expect(mail.text).toContain(words);
    }
    // The hold ends 24 hours later, said in Manila time.
    expect(mail.text).toMatch(/waits 24 hours, until Monday, May 13, 2030 at 9:3\d AM \(Manila time\)/);
    expect(mail.text + mail.html).not.toContain("001234567890");
    expect(mail.text + mail.html).not.toContain("34567890");
    expect(await emailsOf(account)).toHaveLength(1);
    const [notice] = await noticesOf(account);
    expect(notice).toMatchObject({ type: "SYSTEM", read: false });
    expect(notice!.content).toContain("BDO Unibank ending 7890");
    expect(notice!.content).not.toContain("34567890");

    // The same details, typed again: nothing queued, nothing notified.
    const again = await atTime(server, new Date(t0.getTime() + HOUR), () =>
      save(account, { ...bank, accountNumber: "001234567890", accountName: " Juan Dela Cruz " }),
    );
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MSG.payoutAccountUnchanged);
    expect(await emailsOf(account)).toHaveLength(1);
    expect(await noticesOf(account)).toHaveLength(1);

    // A real change (only the name) is emailed again.
    await save(account, { ...bank, accountName: "Liza Mercado" });
    expect(await emailsOf(account)).toHaveLength(2);
    expect(await noticesOf(account)).toHaveLength(2);
    await mailbox.waitFor((m) => m.to.includes(account.input.email) && m.text.includes("Liza Mercado"));
  });

  it("is its owner's only: another user sees none and changes only their own", async () => {
    const owner = await signUp(server, { role: "Assistant" });
    const other = await signUp(server, { role: "Boss" });
    await save(owner, gcash);
    expect((await read(other)).body).toEqual({ payoutAccount: null });
    await save(other, { ...gcash, accountNumber: "0999 000 1111" });
    expect((await read(owner)).body.payoutAccount).toMatchObject({ accountNumberLast4: "4567" });
    expect((await read(other)).body.payoutAccount).toMatchObject({ accountNumberLast4: "1111" });
    expect(await emailsOf(owner)).toHaveLength(1);
    expect(await emailsOf(other)).toHaveLength(1);
  });

  it("comes in the data export with its last 4 digits only, and goes when the account is deleted", async () => {
    const account = await signUp(server, { role: "Assistant" });
    const none = await server.api("GET", "/api/account/export", { token: account.token });
    expect(none.body.payoutAccount).toBeNull();
    await save(account, bank);
    const exported = await server.api("GET", "/api/account/export", { token: account.token });
    expect(exported.body.payoutAccount).toMatchObject({
      method: "BANK",
      bankName: "BDO Unibank",
      accountName: "Juan Dela Cruz",
      accountNumberLast4: "7890",
    });
    expect(JSON.stringify(exported.body)).not.toContain("001234567890");

    const deleted = await server.api("POST", "/api/account/delete", { token: account.token, body: { password: account.input.password } });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.userId, account.user.id))).toEqual([]);
  });
});
