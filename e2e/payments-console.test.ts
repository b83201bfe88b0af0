import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import QRCode from "qrcode";
import { MSG, manilaDate, manilaTime, weekdayAhead, type Booking } from "@vam/shared";
import { users } from "../apps/server/src/db/schema.js";
import { readQrFromImage } from "../apps/server/src/payments/qr-image.js";
import { decodeQrPh } from "../apps/server/src/qrph.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { pickInPicker } from "./booking-steps.js";
import { apiAs, logIn, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A static BPI person-to-person code as published (jeffdelara/qr_emv, spec/qr_emv_spec.rb; see apps/server/test/qrph.test.ts). */
const BPI_STATIC =
  "00020101021127610012com.p2pqrpay0111BOPIPHMMXXX0208999644030414000019990475795204601653036085802PH5910prettywife6011Makati City6304450F";

/** Screenshots at desktop and phone size, each checked with axe and for a page that scrolls sideways. */
async function checkBothSizes(page: Page, name: string) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await e2e.screenshot(page, `${name}-${size}`);
    // The page never scrolls sideways (the console's own nav strip scrolls within itself).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

describe("money in, as the operator proves it", () => {
  it("the operator sets the platform's QR Ph code; a client pays with it; the statement's line is confirmed; the client sees Paid", async () => {
    await registerViaApi(e2e, { username: "olivia_ops", firstName: "Olivia", lastName: "Ramos", role: "Sharer" });
    await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.username, "olivia_ops"));
    await registerViaApi(e2e, { username: "ramon_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
    const maria = await registerViaApi(e2e, { username: "maria_va", firstName: "Maria", lastName: "Santos", role: "Assistant" });

    // The operator pastes the account's code and sees what was read: name, bank, the last digits only.
    const operator = await e2e.newPage();
    await logIn(operator.page, "olivia_ops");
    await operator.page.goto("/admin/payment-qr");
    await operator.page.getByRole("heading", { level: 1, name: "Payment QR code" }).waitFor();
    await operator.page.getByText(MSG.qrphDemoLabel).first().waitFor();
    await operator.page.getByLabel("QR Ph code text").fill(BPI_STATIC.replace("6304450F", "63040000"));
    await operator.page.getByRole("button", { name: "Check and save" }).click();
    await operator.page.getByText(MSG.qrphCrcMismatch).first().waitFor();
    // A screenshot of the code fills the text in, to check and save.
    await operator.page.getByLabel("QR Ph code text").fill("");
    await operator.page.getByLabel("Or upload a photo or screenshot of the code").setInputFiles({
      name: "bpi-qr.png",
      mimeType: "image/png",
      buffer: await QRCode.toBuffer(BPI_STATIC, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 480 }),
    });
    await operator.page.getByText("Read from the picture:").waitFor();
    expect(await operator.page.getByLabel("QR Ph code text").inputValue()).toBe(BPI_STATIC);
    await operator.page.getByRole("button", { name: "Check and save" }).click();
    // Saved: the code in use says where it comes from, and the text box is emptied.
    await operator.page.getByText(/^Set in the console on/).waitFor();
    await expect.poll(() => operator.page.getByLabel("QR Ph code text").inputValue()).toBe("");
    await operator.page.getByText("prettywife").first().waitFor();
    await operator.page.getByText("7579").first().waitFor();
    expect(await operator.page.getByText("0000199904757").count()).toBe(0);
    expect(await operator.page.getByText(MSG.qrphDemoLabel).count()).toBe(0);
    await checkBothSizes(operator.page, "console-payment-qr");

    // The client books; the code on the page pays the platform's account the exact amount, with the reference.
    const client = await e2e.newPage();
    await logIn(client.page, "ramon_boss");
    await client.page.goto(`/book/${maria.id}`);
    await pickInPicker(client.page);
    await client.page.getByRole("button", { name: "Continue" }).click();
    await client.page.getByRole("heading", { name: "Choose Service Duration" }).waitFor();
    await client.page.getByRole("button", { name: "Continue" }).click();
    const qr = client.page.getByRole("img", { name: /^QR Ph code to pay ₱5,000 with reference VA-/ });
    await qr.waitFor();
    expect(await client.page.getByText(MSG.qrphDemoLabel).count()).toBe(0);
    const reference = /reference (VA-[A-Z0-9]{6})$/.exec((await qr.getAttribute("alt")) ?? "")![1]!;
    const scanned = decodeQrPh(await readQrFromImage(await qr.screenshot()));
    expect(scanned).toMatchObject({ initiation: "dynamic", amountCentavos: 500000, reference, payeeName: "prettywife", bankCode: "BOPIPHMMXXX" });
    await client.page.getByRole("button", { name: MSG.paymentIHavePaid }).click();
    await client.page.getByRole("heading", { name: MSG.bookingRequestSentTitle }).waitFor();
    await client.page.getByLabel(MSG.transferReferenceLabel).fill("9012 345 678");
    await client.page.getByRole("button", { name: MSG.transferReferenceSave }).click();
    await client.page.getByText(/Reference saved/).waitFor();

    // The account's history arrives as a GCash export: one line pays the booking, one is someone else's.
    const [booking] = await apiAs<Booking[]>(e2e, "ramon_boss", "GET", "/bookings/made");
    expect(booking!.paymentReference).toBe(reference);
    const paidAt = new Date(Date.now() - 5 * 60_000);
    const csv = [
      "Date and Time,Description,Reference No.,Debit,Credit,Balance",
      `${manilaDate(paidAt)} ${manilaTime(paidAt)},Received money from RAMON REYES ${reference},9012345678,,5000.00,25000.00`,
      `${manilaDate(paidAt)} ${manilaTime(paidAt)},Received money from JUAN CRUZ,9012345679,,1234.00,26234.00`,
    ].join("\n");
    await operator.page.goto("/admin/statements");
    await operator.page.getByRole("heading", { level: 1, name: "Statements" }).waitFor();
    await operator.page
      .getByLabel("Statement file (CSV)")
      .setInputFiles({ name: "gcash-history.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await operator.page.getByRole("button", { name: "Import", exact: true }).click();
    await operator.page.getByText(/gcash-history\.csv: 2 lines, 0 already imported/).waitFor();
    const lines = operator.page.getByRole("table", { name: "Lines to confirm" });
    await lines.getByRole("row").filter({ hasText: "JUAN CRUZ" }).getByText("No payment to confirm").waitFor();
    await checkBothSizes(operator.page, "console-statements");
    await lines.getByRole("button", { name: `Confirm line 2 as ${reference}` }).click();
    await operator.page.getByText(MSG.statementConfirmedPaid(reference)).first().waitFor();
    await expect.poll(() => lines.getByRole("button", { name: `Confirm line 2 as ${reference}` }).count()).toBe(0);
    // The confirmed line is the payment's proof.
    await operator.page.getByRole("link", { name: "Confirmed", exact: true }).click();
    const proof = operator.page.getByRole("table", { name: "Confirmed lines" }).getByRole("row").filter({ hasText: reference });
    await proof.getByText(/Confirmed by Olivia Ramos/).waitFor();
    await checkBothSizes(operator.page, "console-statements-confirmed");

    // The client sees the payment verified.
    await client.page.goto("/bookings");
    await client.page.getByRole("heading", { name: "Bookings", exact: true }).waitFor();
    await client.page.getByText("Paid", { exact: true }).first().waitFor();
    await checkBothSizes(client.page, "bookings-paid");
  });

  it("a client holding 3 unpaid payments is told so when the booking page opens, with the way to them", async () => {
    await registerViaApi(e2e, { username: "busy_boss", firstName: "Lorna", lastName: "Cruz", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "ana_va", firstName: "Ana", lastName: "Lim", role: "Assistant" });
    for (const days of [3, 4, 5]) {
      await apiAs(e2e, "busy_boss", "POST", "/bookings/create", { consultantId: va.id, date: weekdayAhead(days), startTime: "13:00", duration: 4 });
    }
    const { page } = await e2e.newPage();
    await logIn(page, "busy_boss");
    await page.goto(`/book/${va.id}`);
    const told = page.getByRole("alert").filter({ hasText: MSG.bookingUnpaidCap });
    await told.waitFor();
    // Before choosing anything: no date picker behind the message.
    expect(await page.getByRole("heading", { name: "Choose a Date and Time" }).count()).toBe(0);
    await checkBothSizes(page, "booking-unpaid-cap");
    await told.getByRole("link", { name: MSG.paymentUnpaidLink }).click();
    await page.waitForURL("**/bookings");
    await page.getByText("Payment not verified", { exact: true }).first().waitFor();
  });
});
