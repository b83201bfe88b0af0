import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MSG, formatLongDate, weekdayAhead, type Booking } from "@vam/shared";
import { users } from "../apps/server/src/db/schema.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, expectNoHorizontalOverflow, logIn, registerViaApi } from "./helpers.js";

/*
 * decisions.md, "Cancelling, refunds, fees and payouts": a client who cancels a paid booking less
 * than 24 hours before its start gets half back, and the cancel dialog says so before they
 * confirm; the booking then shows its refund, for the client and for the assistant. Once at a
 * desktop size and once at a phone size, each checked with axe; screenshots in /tmp.
 */

let e2e: E2E;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Each size: its viewport, its client (their first and last name) and the booking's start. */
const SIZES = [
  ["desktop", DESKTOP, ["Ramon", "Reyes"], "09:00"],
  ["phone", PHONE, ["Rosa", "Cruz"], "13:00"],
] as const;
/** Each size's booking: paid, accepted, 4 hours of Maria (₱5,000). */
const booked = new Map<string, Booking>();

beforeAll(async () => {
  // The server accepts a test clock here (never in production), and sweeps only when asked.
  e2e = await startE2E({ env: { TEST_CLOCK: "true", SWEEP_INTERVAL_SECONDS: "0" } });
  await registerViaApi(e2e, { username: "olivia_ops", firstName: "Olivia", lastName: "Ramos", role: "Boss" });
  await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.username, "olivia_ops"));
  const maria = await registerViaApi(e2e, { username: "maria_va", firstName: "Maria", lastName: "Santos", role: "Assistant", skills: ["Writing"] });
  // Made, paid and accepted before the clock moves: the same day, morning and afternoon.
  const date = weekdayAhead(3);
  for (const [size, , [firstName, lastName], startTime] of SIZES) {
    const client = `client_${size}`;
    await registerViaApi(e2e, { username: client, firstName, lastName, role: "Boss" });
    const { booking } = await apiAs<{ booking: Booking }>(e2e, client, "POST", "/bookings/create", {
      consultantId: maria.id,
      date,
      startTime,
      duration: 4,
    });
    await apiAs(e2e, "olivia_ops", "PUT", `/admin/payments/${booking.id}`, { status: "PAID" });
    await apiAs(e2e, "maria_va", "PUT", `/bookings/${booking.id}/status`, { status: "CONFIRMED" });
    booked.set(size, booking);
  }
});
afterAll(() => e2e?.close());

/** Moves the server's clock (TEST_CLOCK) and the page's clock together. */
async function moveTimeTo(page: Page, instant: Date) {
  const response = await fetch(`${e2e.baseUrl}/api/test/clock`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: instant.toISOString() }),
  });
  expect(response.status).toBe(200);
  await page.clock.setFixedTime(instant);
}

/** The page at this size as it is: a screenshot in /tmp, nothing wider than the window, axe. */
async function check(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/cancellation-refund-${name}.png`, fullPage: true });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
}

describe("cancelling a paid booking late", () => {
  for (const [size, viewport, [firstName, lastName]] of SIZES) {
    it(`${size}: the dialog says ₱2,500 comes back and ₱2,500 is the late fee; the booking then shows the refund due`, async () => {
      const booking = booked.get(size)!;
      const client = `client_${size}`;
      const { page } = await e2e.newPage();
      await page.setViewportSize(viewport);
      // Two hours before the start: less than 24 hours, the late rule applies.
      await moveTimeTo(page, new Date(Date.parse(booking.startsAt) - 2 * 3600_000));
      await logIn(page, client);
      await page.goto("/bookings");
      const item = page.getByRole("article", { name: `Booking with Maria Santos on ${formatLongDate(booking.date)}` });
      await item.getByText("Paid", { exact: true }).waitFor();

      await item.getByRole("button", { name: "Edit booking" }).click();
      await page.getByRole("menuitem", { name: "Cancel booking" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel Booking" });
      await dialog.getByText(MSG.confirmCancel).waitFor();
      const quote = dialog.getByRole("status");
      await quote.filter({ hasText: MSG.cancelQuoteLate("₱2,500", "₱2,500") }).waitFor();
      expect(await quote.getAttribute("aria-live")).toBe("polite");
      // Said before the confirm button, in reading order.
      const confirm = dialog.getByRole("button", { name: MSG.yesCancel });
      expect(
        await quote.evaluate(
          (region, button) => Boolean(region.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
          await confirm.elementHandle(),
        ),
      ).toBe(true);
      // The pointer off the buttons: axe reads the dialog at rest (the menu's click left it over the confirm button on a phone).
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `/tmp/cancellation-refund-dialog-${size}.png` });
      await expectNoSeriousA11yViolations(page);

      // Confirmed from the keyboard: focus opens on the dialog's Close button, and Tab reaches the confirm button.
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached" });
      await page.getByText(MSG.bookingStatusToast("CANCELLED")).first().waitFor();

      // The booking, now on the Cancelled tab, shows its refund, the fee, and asks for the refund account.
      await page.getByRole("tab", { name: "Cancelled" }).click();
      await item.getByText(MSG.refundLine("₱2,500", MSG.refundStateLabel.DUE)).waitFor();
      await item.getByText(MSG.refundReasonLabel.CLIENT_CANCELLED_LATE).waitFor();
      await item.getByText(MSG.refundLateFee("₱2,500")).waitFor();
      await item.getByText(MSG.refundNeedsAccount).waitFor();
      expect(await item.getByRole("link", { name: MSG.refundAddAccount }).getAttribute("href")).toBe("/settings");
      await check(page, `client-${size}`);

      const [after] = await apiAs<Booking[]>(e2e, client, "GET", "/bookings/made");
      expect(after).toMatchObject({
        status: "CANCELLED",
        refund: { amountCentavos: 250000, lateFeeCentavos: 250000, reason: "CLIENT_CANCELLED_LATE", state: "DUE", sentAt: null },
      });

      // The assistant sees the same refund and the fee she keeps; nothing asks her for an account.
      const assistant = await e2e.newPage();
      await assistant.page.setViewportSize(viewport);
      await assistant.page.clock.setFixedTime(new Date(Date.parse(booking.startsAt) - 2 * 3600_000 + 60_000));
      await logIn(assistant.page, "maria_va");
      await assistant.page.goto("/bookings");
      await assistant.page.getByRole("tab", { name: "Cancelled" }).click();
      const theirs = assistant.page.getByRole("article", { name: `Booking with ${firstName} ${lastName} on ${formatLongDate(booking.date)}` });
      await theirs.getByText(MSG.refundLine("₱2,500", MSG.refundStateLabel.DUE)).waitFor();
      await theirs.getByText(MSG.refundLateFee("₱2,500")).waitFor();
      expect(await assistant.page.getByText(MSG.refundNeedsAccount).count()).toBe(0);
      await check(assistant.page, `assistant-${size}`);
      // And on her dashboard, among the past bookings.
      await assistant.page.goto("/booking-dashboard");
      await assistant.page.getByRole("tab", { name: "Past" }).click();
      const card = assistant.page.getByRole("article", { name: `Booking with ${firstName} ${lastName} on ${formatLongDate(booking.date)}` });
      await card.getByText(MSG.refundLine("₱2,500", MSG.refundStateLabel.DUE)).waitFor();
      await check(assistant.page, `assistant-dashboard-${size}`);
    });
  }
});
