import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { formatLongDate, type Booking } from "@vam/shared";
import { users } from "../apps/server/src/db/schema.js";
import { pickInPicker, pickOnProfile } from "./booking-steps.js";
import { startE2E, type E2E } from "./harness.js";
import { logIn, registerViaApi, apiAs } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  // The server accepts a test clock here (never in production), and sweeps only when asked.
  e2e = await startE2E({ env: { TEST_CLOCK: "true", SWEEP_INTERVAL_SECONDS: "0" } });
});
afterAll(() => e2e?.close());

const api = <T>(username: string, method: string, path: string, body?: unknown) => apiAs<T>(e2e, username, method, path, body);

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

const card = (page: Page, name: string, date: string) => page.getByRole("article", { name: `Booking with ${name} on ${formatLongDate(date)}` });

describe("running the business", () => {
  it("a Boss books and pays, the operator verifies, the assistant accepts and completes after the end, both review, the rating shows in search", async () => {
    await registerViaApi(e2e, { username: "olivia_ops", firstName: "Olivia", lastName: "Ramos", role: "Boss" });
    await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.username, "olivia_ops"));
    await registerViaApi(e2e, { username: "ramon_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
    const maria = await registerViaApi(e2e, { username: "maria_va", firstName: "Maria", lastName: "Santos", role: "Assistant", skills: ["Writing"] });
    await api("maria_va", "POST", "/profiles/profile");

    // The Boss finds Maria (still "New"), books her and confirms the payment step.
    const boss = await e2e.newPage();
    await logIn(boss.page, "ramon_boss");
    await boss.page.getByLabel("Name").fill("Maria Santos");
    await boss.page.getByRole("button", { name: "Search" }).click();
    const result = boss.page.getByRole("article", { name: "Maria Santos" });
    await result.getByText("New", { exact: true }).waitFor();
    await result.getByRole("button", { name: "View Profile" }).click();
    await boss.page.getByRole("dialog", { name: "Maria Santos" }).getByRole("link", { name: "View Full Profile" }).click();
    await boss.page.waitForURL(`**/profile/${maria.id}`);
    await boss.page.getByRole("heading", { name: "Book a Session" }).waitFor();
    if (await pickOnProfile(boss.page)) {
      await boss.page.getByRole("button", { name: "Book Now" }).click();
      await boss.page.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
      await boss.page.getByText("Loading available dates...").waitFor({ state: "detached" });
    } else {
      await boss.page.goto(`/book/${maria.id}`);
      await pickInPicker(boss.page);
    }
    await boss.page.getByRole("button", { name: "Continue" }).click();
    await boss.page.getByRole("heading", { name: "Choose Service Duration" }).waitFor();
    await boss.page.getByRole("button", { name: "Continue" }).click();
    await boss.page.getByRole("heading", { name: "Review and Payment" }).waitFor();
    await boss.page.getByRole("button", { name: /Confirm booking/ }).click();
    await boss.page.getByRole("heading", { name: "Booking request sent" }).waitFor();
    const [booking] = await api<Booking[]>("ramon_boss", "GET", "/bookings/made");
    expect(booking).toMatchObject({ status: "PENDING", paymentStatus: "UNVERIFIED" });

    // Until the payment is verified, the Boss sees it waiting, with the reference to write on the transfer.
    await boss.page.goto("/bookings");
    const bossItem = card(boss.page, "Maria Santos", booking!.date);
    await bossItem.getByText("Payment not verified").waitFor();
    await bossItem.getByText(booking!.paymentReference).waitFor();

    // The operator marks the payment received in the console.
    const operator = await e2e.newPage();
    await logIn(operator.page, "olivia_ops");
    await operator.page.goto("/profile/list");
    await operator.page.getByRole("button", { name: /account menu/i }).click();
    await operator.page.getByRole("menuitem", { name: "Operator console" }).click();
    await operator.page.waitForURL("**/admin");
    await operator.page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Payments" }).click();
    await operator.page.getByRole("heading", { name: "Payments", level: 1 }).waitFor();
    const row = operator.page.getByRole("row", { name: /Ramon Reyes/ });
    await row.getByText(booking!.paymentReference).waitFor();
    await e2e.screenshot(operator.page, "operating-console-payments");
    await row.getByRole("button", { name: /Mark received/ }).click();
    const confirm = operator.page.getByRole("dialog", { name: "Mark payment received?" });
    await confirm.getByRole("button", { name: /Mark received/ }).click();
    await operator.page.getByText("Payment marked as received").waitFor();
    await operator.page.getByText("No payments waiting for verification").waitFor();

    // The assistant sees "Paid" and accepts.
    const assistant = await e2e.newPage();
    await logIn(assistant.page, "maria_va");
    await assistant.page.goto("/booking-dashboard");
    const assistantCard = card(assistant.page, "Ramon Reyes", booking!.date);
    await assistantCard.getByText("Paid", { exact: true }).waitFor();
    expect(await assistantCard.getByRole("button", { name: "Complete" }).count()).toBe(0);
    await assistantCard.getByRole("button", { name: "Accept" }).click();
    await assistant.page.getByText("Booking confirmed successfully").waitFor();
    await assistantCard.getByText("Confirmed", { exact: true }).waitFor();
    // Paid but not over yet: still no Complete.
    expect(await assistantCard.getByRole("button", { name: "Complete" }).count()).toBe(0);
    await e2e.screenshot(assistant.page, "operating-dashboard-paid-accepted");

    // Time moves past the booking's end; the assistant completes it.
    await moveTimeTo(assistant.page, new Date(Date.parse(booking!.endsAt) + 3600_000));
    await assistant.page.reload();
    await assistantCard.getByRole("button", { name: "Complete" }).click();
    await assistant.page.getByText("Booking completed successfully").waitFor();
    // A completed booking is in the past.
    await assistant.page.getByRole("tab", { name: "Past" }).click();
    await assistantCard.getByText("Completed", { exact: true }).waitFor();

    // The assistant reviews first: the Boss is told, but cannot read it yet.
    await assistantCard.getByRole("button", { name: "Write a review" }).click();
    const assistantDialog = assistant.page.getByRole("dialog", { name: "Review Ramon Reyes" });
    await assistantDialog.getByRole("radio", { name: "5 stars" }).check();
    await assistantDialog.getByLabel("Your review (optional)").fill("Clear brief and quick replies. A pleasure to work with.");
    await e2e.screenshot(assistant.page, "operating-review-dialog");
    await assistantDialog.getByRole("button", { name: "Submit review" }).click();
    await assistant.page.getByText("Thank you! Your review was submitted.").waitFor();
    await assistantCard.getByText("Waiting for Ramon's review", { exact: false }).waitFor();

    await moveTimeTo(boss.page, new Date(Date.parse(booking!.endsAt) + 2 * 3600_000));
    await boss.page.reload();
    await boss.page.getByRole("tab", { name: "Past" }).click();
    const pastItem = card(boss.page, "Maria Santos", booking!.date);
    await pastItem.getByText("Maria has reviewed you. Their review shows once you write yours.").waitFor();
    expect(await boss.page.getByText("A pleasure to work with.").count()).toBe(0);

    // The Boss reviews: now both can read both.
    await pastItem.getByRole("button", { name: "Write a review" }).click();
    const bossDialog = boss.page.getByRole("dialog", { name: "Review Maria Santos" });
    await bossDialog.getByRole("radio", { name: "4 stars" }).check();
    await bossDialog.getByLabel("Your review (optional)").fill("Careful, well-organised work, delivered on time.");
    await bossDialog.getByRole("button", { name: "Submit review" }).click();
    await pastItem.getByText("Clear brief and quick replies. A pleasure to work with.").waitFor();
    await e2e.screenshot(boss.page, "operating-bookings-reviews");
    await assistant.page.reload();
    await assistant.page.getByRole("tab", { name: "Past" }).click();
    await assistantCard.getByText("Careful, well-organised work, delivered on time.").waitFor();

    // The rating shows on the card in search, for anyone.
    const visitor = await e2e.newPage();
    await visitor.page.goto("/profile/list?userName=Maria%20Santos");
    await visitor.page.getByRole("article", { name: "Maria Santos" }).getByText("4.0 · 1 review").waitFor();
    await e2e.screenshot(visitor.page, "operating-search-rating");
    await visitor.page.goto(`/profile/${maria.id}`);
    await visitor.page.getByText("Careful, well-organised work, delivered on time.").waitFor();
  }, 180_000);
});
