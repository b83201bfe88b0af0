import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { weekdayAhead, type Booking } from "@vam/shared";
import { users } from "../apps/server/src/db/schema.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, logIn, registerViaApi } from "./helpers.js";

/*
 * Issue 30, money out as the people see it: the operator runs a payout batch and marks its line
 * sent with the transfer's reference; the assistant sees "Paid out" on her Earnings page; the
 * client downloads the receipt of the payment. Each page at a desktop and a phone size, with
 * axe; screenshots in /tmp.
 */

let e2e: E2E;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;
let booking: Booking;

async function setClock(instant: Date) {
  const response = await fetch(`${e2e.baseUrl}/api/test/clock`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: instant.toISOString() }),
  });
  expect(response.status).toBe(200);
}

/** The page at both sizes: a screenshot each, nothing wider than the window, axe. */
async function checkBothSizes(page: Page, name: string) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/money-out-${name}-${size}.png`, fullPage: true });
    // The page never scrolls sideways (the console's own nav strip scrolls within itself on a phone).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

/** The text of every page of a PDF file. */
async function pdfText(file: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(await readFile(file)), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const content = await (await document.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

beforeAll(async () => {
  e2e = await startE2E({
    env: { TEST_CLOCK: "true", SWEEP_INTERVAL_SECONDS: "0", PLATFORM_LEGAL_NAME: "VA Marketplace Inc.", PLATFORM_TIN: "123-456-789-00000" },
  });
  await registerViaApi(e2e, { username: "olivia_ops", firstName: "Olivia", lastName: "Ramos", role: "Boss" });
  await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.username, "olivia_ops"));
  const maria = await registerViaApi(e2e, { username: "maria_va", firstName: "Maria", lastName: "Santos", role: "Assistant", skills: ["Writing"] });
  await registerViaApi(e2e, { username: "ramon_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
  await apiAs(e2e, "maria_va", "PUT", "/account/payout-account", { method: "GCASH", accountName: "Maria Santos", accountNumber: "0917 123 4567" });

  // A 4-hour booking of Maria (₱5,000), paid, verified, accepted, and completed after it ended.
  ({ booking } = await apiAs<{ booking: Booking }>(e2e, "ramon_boss", "POST", "/bookings/create", {
    consultantId: maria.id,
    date: weekdayAhead(3),
    startTime: "09:00",
    duration: 4,
  }));
  await apiAs(e2e, "olivia_ops", "PUT", `/admin/payments/${booking.id}`, { status: "PAID" });
  await apiAs(e2e, "maria_va", "PUT", `/bookings/${booking.id}/status`, { status: "CONFIRMED" });
  // After the end, and more than 24 hours after the payout account was set (its hold is over).
  await setClock(new Date(Date.parse(booking.endsAt) + 3600_000));
  await apiAs(e2e, "maria_va", "PUT", `/bookings/${booking.id}/status`, { status: "COMPLETED" });
});
afterAll(() => e2e?.close());

describe("money out", () => {
  it("the operator runs a payout batch and marks Maria's line sent with the transfer's reference", async () => {
    const { page } = await e2e.newPage();
    await logIn(page, "olivia_ops");
    await page.goto("/admin/payouts");
    await page.getByRole("heading", { level: 1, name: "Payouts" }).waitFor();
    // ₱5,000 less the platform's 10%.
    const ready = page.getByRole("table", { name: "Balances ready to pay" });
    await ready.getByText("Maria Santos").first().waitFor();
    await ready.getByText("₱4,500").first().waitFor();
    await checkBothSizes(page, "payouts");

    await page.getByRole("button", { name: "Run payout batch" }).click();
    const run = page.getByRole("dialog");
    await run.getByText("1 payee, ₱4,500 in all").waitFor();
    await checkBothSizes(page, "run-dialog");
    await run.getByRole("button", { name: "Run payout batch" }).click();
    await page.getByRole("heading", { level: 1, name: /^Payout batch \d+$/ }).waitFor();

    await page.getByRole("button", { name: "Mark sent" }).first().click();
    const mark = page.getByRole("dialog");
    await mark.getByLabel("Transfer reference").fill("GC-5550123");
    await checkBothSizes(page, "mark-sent");
    await mark.getByRole("button", { name: "Mark sent" }).click();
    await page
      .getByText(/Sent · ref GC-5550123/)
      .filter({ visible: true })
      .first()
      .waitFor();
    expect(await page.getByRole("button", { name: "Mark sent" }).count()).toBe(0);
    await checkBothSizes(page, "batch-sent");
  });

  it("Maria sees the ₱4,500 as paid out on her Earnings page, with the reference", async () => {
    const { page } = await e2e.newPage();
    await logIn(page, "maria_va");
    await page.goto("/earnings");
    await page.getByRole("heading", { level: 1, name: "Earnings" }).waitFor();
    const paidOut = page.locator("dl > div").filter({ has: page.getByText("Paid out", { exact: true }) });
    await paidOut.getByText("₱4,500").waitFor();
    await page.getByText("ref GC-5550123").filter({ visible: true }).first().waitFor();
    await checkBothSizes(page, "earnings");
  });

  it("Ramon downloads the receipt of his payment from the booking", async () => {
    const { page } = await e2e.newPage();
    await logIn(page, "ramon_boss");
    await page.goto("/bookings");
    // The completed booking is under Past.
    await page.getByRole("tab", { name: "Past" }).click();
    const link = page.getByRole("button", { name: "Download receipt (PDF)" }).or(page.getByRole("link", { name: "Download receipt (PDF)" }));
    await link.first().waitFor();
    await checkBothSizes(page, "bookings-receipt");
    const [download] = await Promise.all([page.waitForEvent("download"), link.first().click()]);
    expect(download.suggestedFilename()).toBe("receipt-000001.pdf");
    const text = await pdfText((await download.path())!);
    expect(text).toContain("Acknowledgement Receipt");
    expect(text).toContain("No. 000001");
    expect(text).toContain("Ramon Reyes");
    expect(text).toContain("₱5,000");
    expect(text).toContain(booking.paymentReference);
    expect(text).toContain("VA Marketplace Inc.");
    expect(text).toContain("TIN 123-456-789-00000");
  });
});
