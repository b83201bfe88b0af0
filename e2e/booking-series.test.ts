import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPeso, formatLongDate, manilaToday, mondayOf, seriesDates, shiftDate } from "@vam/shared";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, expectNoHorizontalOverflow, logIn, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe("a weekly series", () => {
  it("a Boss books 4 Monday mornings, finds them under Recurring, and cancels the third", async () => {
    const assistant = await registerViaApi(e2e, { username: "weekly_assistant", role: "Assistant", firstName: "Maria", lastName: "Santos" });
    await registerViaApi(e2e, { username: "weekly_boss", role: "Boss", firstName: "Ramon", lastName: "Reyes" });
    const first = mondayOf(shiftDate(manilaToday(), 14));
    const dates = seriesDates(first, 4);

    const { page } = await e2e.newPage();
    await logIn(page, "weekly_boss");
    await page.goto(`/book/${assistant.id}?date=${first}&time=09:00`);
    await page.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Choose Service Duration" }).waitFor();
    await page.getByRole("checkbox", { name: "Repeat weekly" }).check();
    await page.getByLabel("Number of weeks").selectOption("4");
    await page.getByText("₱20,000").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();

    // The review lists every date with its price, and one total to pay.
    await page.getByRole("heading", { name: "Review and Payment" }).waitFor();
    const listed = page.getByRole("list", { name: "Dates of the series" }).getByRole("listitem");
    expect(await listed.allTextContents()).toEqual(dates.map((date) => `${formatLongDate(date)}₱5,000`));
    await page.getByRole("img", { name: /^QR Ph code to pay/ }).waitFor();
    expect(await page.getByRole("definition").filter({ hasText: "₱20,000" }).count()).toBeGreaterThan(0);
    await e2e.screenshot(page, "series-review");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: /Confirm booking/ }).click();

    await page.getByRole("heading", { name: "Booking request sent" }).waitFor();
    await page.getByText(`4 weekly dates, from ${formatLongDate(dates[0]!)} to ${formatLongDate(dates[3]!)}.`).waitFor();

    // Under Recurring, grouped as one series.
    await page.goto("/bookings");
    await page.getByRole("tab", { name: "Recurring" }).click();
    const series = page.getByRole("region", { name: "Every Monday, 9:00 AM to 1:00 PM, with Maria Santos" });
    await series.waitFor();
    await series.getByText("4 dates, 4 still ahead").waitFor();
    const item = (date: string) => series.getByRole("article", { name: `Booking with Maria Santos on ${formatLongDate(date)}` });
    for (const date of dates) await item(date).waitFor();
    await e2e.screenshot(page, "series-recurring-tab");
    await expectNoSeriousA11yViolations(page);

    // Cancel the third date alone.
    await item(dates[2]!).getByRole("button", { name: "Edit booking" }).click();
    await page.getByRole("menuitem", { name: "Cancel booking" }).click();
    await page.getByRole("dialog", { name: "Cancel Booking" }).getByRole("button", { name: "Yes, Cancel Booking" }).click();
    await series.getByText("4 dates, 3 still ahead").waitFor();
    await item(dates[2]!).getByText("Cancelled", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Cancelled" }).click();
    await page.getByRole("article", { name: `Booking with Maria Santos on ${formatLongDate(dates[2]!)}` }).waitFor();

    // The rest of the series at once, after one confirmation.
    await page.getByRole("tab", { name: "Recurring" }).click();
    await series.getByRole("button", { name: "Cancel the rest of the series" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancel the rest of the series" });
    await confirm.getByText("Are you sure you want to cancel the remaining 3 bookings of this series? This action cannot be undone.").waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Yes, Cancel the Series" }).click();
    await page.getByText("The rest of the series was cancelled").waitFor();
    await series.getByText("4 dates, 0 still ahead").waitFor();
    expect(await series.getByRole("button", { name: "Cancel the rest of the series" }).count()).toBe(0);

    // On a phone, once the toasts are gone (axe would read one mid-fade).
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    await page.setViewportSize({ width: 390, height: 844 });
    await e2e.screenshot(page, "series-recurring-tab-phone");
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
  });

  it("a date taken meanwhile is listed, and the Boss leaves it out and continues", async () => {
    const assistant = await registerViaApi(e2e, { username: "busy_assistant", role: "Assistant", firstName: "Lea", lastName: "Aquino" });
    await registerViaApi(e2e, { username: "series_boss", role: "Boss", firstName: "Ramon", lastName: "Reyes" });
    await registerViaApi(e2e, { username: "quick_boss", role: "Boss", firstName: "Nico", lastName: "Lopez" });
    const first = shiftDate(mondayOf(shiftDate(manilaToday(), 14)), 3);
    const dates = seriesDates(first, 3);

    const { page } = await e2e.newPage();
    await logIn(page, "series_boss");
    await page.goto(`/book/${assistant.id}?date=${first}&time=13:00`);
    await page.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("checkbox", { name: "Repeat weekly" }).check();
    await page.getByLabel("Number of weeks").selectOption("3");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("img", { name: /^QR Ph code to pay/ }).waitFor();

    // Someone else books the second Thursday while the Boss is paying.
    await apiAs(e2e, "quick_boss", "POST", "/bookings/create", { consultantId: assistant.id, date: dates[1], startTime: "13:00", duration: 4 });
    await page.getByRole("button", { name: /Confirm booking/ }).click();
    const refusal = page.getByRole("alert");
    await refusal.getByText(`This date is no longer free: ${formatLongDate(dates[1]!)}.`).waitFor();
    await e2e.screenshot(page, "series-date-taken");
    await expectNoSeriousA11yViolations(page);
    await refusal.getByRole("button", { name: "Leave out this date and continue" }).click();
    // The dates left are a payment of their own: its new code, then "I have paid" again.
    await page
      .getByText(formatPeso(5000 * 2), { exact: true })
      .first()
      .waitFor();
    await page.getByRole("button", { name: /Confirm booking/ }).click();

    await page.getByRole("heading", { name: "Booking request sent" }).waitFor();
    await page.getByText(`2 weekly dates, from ${formatLongDate(dates[0]!)} to ${formatLongDate(dates[2]!)}.`).waitFor();
  });

  it("the Assistant accepts a whole series at once from the dashboard", async () => {
    const assistant = await registerViaApi(e2e, { username: "series_accepting", role: "Assistant", firstName: "Joy", lastName: "Garcia" });
    await registerViaApi(e2e, { username: "series_client", role: "Boss", firstName: "Ana", lastName: "Cruz" });
    const tokenResponse = await fetch(`${e2e.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "series_client", password: "kape-pandesal" }),
    });
    const { token } = (await tokenResponse.json()) as { token: string };
    const first = shiftDate(mondayOf(shiftDate(manilaToday(), 7)), 2);
    const made = await fetch(`${e2e.baseUrl}/api/bookings/series`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ consultantId: assistant.id, date: first, startTime: "13:00", duration: 4, weeks: 3 }),
    });
    expect(made.status).toBe(201);

    const { page } = await e2e.newPage();
    await logIn(page, "series_accepting");
    await page.goto("/booking-dashboard");
    const card = page.getByRole("article", { name: `Booking with Ana Cruz on ${formatLongDate(first)}` });
    await card.getByRole("button", { name: "Accept all 3 weekly bookings" }).click();
    await page.getByText("The weekly bookings were accepted").waitFor();
    for (const date of seriesDates(first, 3)) {
      await page
        .getByRole("article", { name: `Booking with Ana Cruz on ${formatLongDate(date)}` })
        .getByText("Confirmed")
        .first()
        .waitFor();
    }
    expect(await page.getByRole("button", { name: /Accept all/ }).count()).toBe(0);
    await e2e.screenshot(page, "series-dashboard-accepted");
  });
});
