import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MSG, weekdayAhead, type Booking } from "@vam/shared";
import { reviews, users } from "../apps/server/src/db/schema.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiToken, logIn, registerViaApi, apiAs } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const api = <T>(username: string, method: string, path: string, body?: unknown) => apiAs<T>(e2e, username, method, path, body);

/** An operator account: registered like anyone, then made an operator in the database (as the CLI would). */
async function makeOperator(username: string, firstName: string, lastName: string) {
  await registerViaApi(e2e, { username, firstName, lastName, role: "Sharer" });
  await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.username, username));
}

/** The console page's h1 is shown and its data has loaded. */
async function consolePage(page: Page, heading: string) {
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await page.getByText("Loading...").waitFor({ state: "detached" });
  expect(await page.title()).toBe(`${heading} · Operator console · VA Marketplace`);
}

/** Screenshots at desktop and phone size, checking each with axe and that the page never scrolls sideways. */
async function checkBothSizes(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await e2e.screenshot(page, `${name}-desktop`);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await e2e.screenshot(page, `${name}-phone`);
  // Charts follow the new width once their resize observer has run.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(DESKTOP);
}

describe("the operator console", () => {
  it("an operator verifies a payment, suspends a user and finds both in the audit log", async () => {
    await makeOperator("olivia_ops", "Olivia", "Ramos");
    const ramon = await registerViaApi(e2e, { username: "ramon_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
    const maria = await registerViaApi(e2e, { username: "maria_va", firstName: "Maria", lastName: "Santos", role: "Assistant" });
    await registerViaApi(e2e, { username: "nico_sharer", firstName: "Nico", lastName: "Villanueva", role: "Sharer" });
    const { booking } = await api<{ booking: Booking }>("ramon_boss", "POST", "/bookings/create", {
      consultantId: maria.id,
      date: weekdayAhead(2),
      startTime: "09:00",
      duration: 4,
    });

    // The account menu leads operators to the console.
    const { page } = await e2e.newPage();
    await logIn(page, "olivia_ops");
    await page.waitForURL("**/admin");
    await page.goto("/profile/list");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Operator console" }).click();
    await page.waitForURL("**/admin");

    // Dashboard: the totals and both charts.
    await consolePage(page, "Dashboard");
    const nav = page.getByRole("navigation", { name: "Operator console" });
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("figure", { name: "Bookings per week" }).waitFor();
    await page.getByRole("figure", { name: "Pesos per week" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Bookings per week" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Pesos per week" }).waitFor();
    await page.locator(".recharts-bar-rectangle").first().waitFor();
    await page.getByText("Payments waiting").waitFor();
    await page.getByText("Olivia Ramos").first().waitFor();
    await checkBothSizes(page, "admin-dashboard");

    // Payments: the booking waits for verification.
    await nav.getByRole("link", { name: "Payments" }).click();
    await consolePage(page, "Payments");
    const table = page.getByRole("table", { name: "Payments to verify" });
    const row = table.getByRole("row").filter({ hasText: "Ramon Reyes" });
    await row.getByText(booking.paymentReference).waitFor();
    await row.getByText("₱5,000").waitFor();
    await row.getByText("Maria Santos").waitFor();
    await row.getByText("Under 1 hour").waitFor();
    await checkBothSizes(page, "admin-payments");

    // Searching and filtering write the URL.
    await page.getByLabel("Search by reference").fill(booking.paymentReference);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=VA-/);
    await row.waitFor();
    await page.getByLabel("Age").selectOption({ label: "Over 12 hours" });
    await page.waitForURL(/age=over12h/);
    await page.getByText("No payments waiting for verification match this search").waitFor();
    await page.getByLabel("Age").selectOption({ label: "Any age" });
    await page.getByRole("button", { name: "Clear" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/payments" && url.search === "");
    await row.waitFor();

    // Marking it received asks first; Escape keeps things as they are.
    const markReceived = row.getByRole("button", { name: "Mark received" });
    await markReceived.click();
    const dialog = page.getByRole("dialog", { name: "Mark payment received?" });
    await dialog.getByText(booking.paymentReference).waitFor();
    await dialog.getByText(/₱5,000 from/).waitFor();
    await e2e.screenshot(page, "admin-payments-confirm");
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await markReceived.evaluate((element) => element === document.activeElement)).toBe(true);

    await markReceived.click();
    await dialog.getByRole("button", { name: "Mark received" }).click();
    await page.getByText(MSG.paymentReceivedToast).waitFor();
    await row.waitFor({ state: "detached" });
    await page.getByText("No payments waiting for verification").waitFor();
    // Its button went with the row: focus is on the page's heading, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Payments");
    const paid = await api<{ booking: Booking }>("ramon_boss", "GET", `/bookings/${booking.id}`);
    expect(paid.booking.paymentStatus).toBe("PAID");

    // Users: search, then suspend.
    await nav.getByRole("link", { name: "Users" }).click();
    await consolePage(page, "Users");
    await checkBothSizes(page, "admin-users");
    await page.getByLabel("Search users").fill("nico");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=nico/);
    const users = page.getByRole("table", { name: 'Users matching "nico"' });
    const nico = users.getByRole("row").filter({ hasText: "nico_sharer" });
    await nico.getByText("Active", { exact: true }).waitFor();
    expect(await users.getByRole("row").count()).toBe(2);
    await nico.getByRole("button", { name: "Suspend" }).click();
    const suspend = page.getByRole("dialog", { name: "Suspend this account?" });
    await suspend.getByText("Nico Villanueva (@nico_sharer)").waitFor();
    await suspend.getByRole("button", { name: "Suspend" }).click();
    await page.getByText("Account suspended").first().waitFor();
    await nico.getByText("Suspended", { exact: true }).waitFor();
    await nico.getByRole("button", { name: "Restore" }).waitFor();
    const login = await fetch(`${e2e.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "nico_sharer", password: "kape-pandesal" }),
    });
    expect(login.ok).toBe(false);

    // A user's page: their facts, and the client's booking with its payment.
    await nico.getByRole("link", { name: "View" }).click();
    await consolePage(page, "Nico Villanueva");
    await page.getByRole("button", { name: "Restore" }).waitFor();
    await page.getByRole("button", { name: "Make operator" }).waitFor();
    await page.getByText("No bookings as client or assistant").waitFor();
    await page.goto(`/admin/users/${ramon.id}`);
    await consolePage(page, "Ramon Reyes");
    const bookings = page.getByRole("table", { name: "Bookings of Ramon Reyes" });
    const bookingRow = bookings.getByRole("row").filter({ hasText: "Maria Santos" });
    await bookingRow.getByText(MSG.paymentLabel.PAID, { exact: true }).waitFor();
    await bookingRow.getByText("Pending", { exact: true }).waitFor();
    await checkBothSizes(page, "admin-user-detail");

    // Reviews: none yet; then two of the booking (written straight into the database: completing
    // a booking needs its end to have passed), one published and one waiting for the other.
    await nav.getByRole("link", { name: "Reviews" }).click();
    await consolePage(page, "Reviews");
    await page.getByText("No reviews yet").waitFor();
    await e2e.server.database.db.insert(reviews).values([
      { bookingId: booking.id, authorId: ramon.id, subjectId: maria.id, rating: 4, text: "Organised and quick to answer.", publishedAt: new Date() },
      { bookingId: booking.id, authorId: maria.id, subjectId: ramon.id, rating: 5, text: null },
    ]);
    await page.reload();
    await consolePage(page, "Reviews");
    const byRamon = page.getByRole("article", { name: "Review by Ramon Reyes of Maria Santos" });
    await byRamon.getByText("4 of 5 stars").waitFor();
    await byRamon.getByText("Organised and quick to answer.").waitFor();
    await byRamon.getByText(/^Published /).waitFor();
    const byMaria = page.getByRole("article", { name: "Review by Maria Santos of Ramon Reyes" });
    await byMaria.getByText("5 of 5 stars").waitFor();
    await byMaria.getByText("Waiting for the other review").waitFor();
    await byRamon.getByRole("button", { name: "Hide" }).click();
    await page.getByText("Review hidden").first().waitFor();
    await byRamon.getByText("Hidden", { exact: true }).waitFor();
    await byRamon.getByRole("button", { name: "Show" }).waitFor();
    await checkBothSizes(page, "admin-reviews");

    // The audit log holds both actions, newest first.
    await nav.getByRole("link", { name: "Audit log" }).click();
    await consolePage(page, "Audit log");
    const log = page.getByRole("table", { name: "Operator actions" });
    const entries = log.getByRole("row");
    await entries.filter({ hasText: "Account suspended" }).getByText("Olivia Ramos").waitFor();
    await entries.filter({ hasText: "Payment marked received" }).getByText("Olivia Ramos").waitFor();
    await entries.filter({ hasText: "Payment marked received" }).getByText("paymentStatus: PAID").waitFor();
    await entries.filter({ hasText: "Review hidden" }).getByText("Olivia Ramos").waitFor();
    // Newest first (row 0 is the header row).
    expect(await entries.nth(1).textContent()).toContain("Review hidden");
    expect(await entries.nth(2).textContent()).toContain("Account suspended");
    await checkBothSizes(page, "admin-audit");

    // Logging out from the console.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/home");
    await page.getByRole("link", { name: "Log in" }).waitFor();
  });

  it("a page whose data fails to load says so and offers Try again", async () => {
    await makeOperator("omar_ops", "Omar", "Bautista");
    const { page } = await e2e.newPage();
    await logIn(page, "omar_ops");
    await page.route("**/api/admin/audit*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.goto("/admin/audit");
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    await page.getByRole("alert").getByText("Failed to load").waitFor();
    await page.unroute("**/api/admin/audit*");
    await page.getByRole("button", { name: "Try again" }).click();
    // The first test's actions (one server for the file).
    await page.getByRole("table", { name: "Operator actions" }).waitFor();
    expect(await page.getByText("Failed to load").count()).toBe(0);
  });

  it("anyone but an operator is kept out", async () => {
    await registerViaApi(e2e, { username: "ana_boss", firstName: "Ana", lastName: "Lopez", role: "Boss" });
    const { page } = await e2e.newPage();

    await page.goto("/admin/payments");
    await page.waitForURL(/\/login\?next=%2Fadmin%2Fpayments$/);

    await logIn(page, "ana_boss");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Bookings" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Operator console" }).count()).toBe(0);

    await page.goto("/admin");
    await page.getByText("You do not have access to the operator console").waitFor();
    await page.getByRole("link", { name: "Go to Search" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Operator console" }).count()).toBe(0);
    await e2e.screenshot(page, "admin-no-access");
    await expectNoSeriousA11yViolations(page);
    const response = await fetch(`${e2e.baseUrl}/api/admin/stats`, { headers: { authorization: `Bearer ${await apiToken(e2e, "ana_boss")}` } });
    expect(response.status).toBe(403);
  });
});
