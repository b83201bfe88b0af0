import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { formatLongDate, manilaInstant, weekdayAhead, type Booking } from "@vam/shared";
import { parseCalendarFile } from "../apps/server/test/helpers/ical.js";
import { startE2E, type E2E } from "./harness.js";
import { logIn, paidAndOver, registerViaApi, apiAs } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const api = <T>(username: string, method: string, path: string, body?: unknown) => apiAs<T>(e2e, username, method, path, body);

const bookingCard = (page: Page, name: string, date: string) =>
  page.getByRole("article", { name: `Booking with ${name} on ${formatLongDate(date)}` });

/** Chooses, in the open reschedule dialog, the first enabled day other than the booking's and its afternoon. */
async function chooseNewSlot(page: Page, currentDate: string) {
  const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
  await dialog.getByRole("heading", { name: "Choose a New Date and Time" }).waitFor();
  await dialog.getByText("Loading available dates...").waitFor({ state: "detached" });
  expect(await dialog.getByText("Current", { exact: true }).count()).toBe(1);
  const days = dialog.locator("[role='gridcell'][aria-label*=', 20']:not([aria-disabled='true'])");
  const count = await days.count();
  for (let index = 0; index < count; index++) {
    const day = days.nth(index);
    if ((await day.getAttribute("aria-label")) === formatLongDate(currentDate)) continue;
    await day.click();
    const afternoon = dialog.getByRole("button", { name: /^Afternoon/ });
    if (await afternoon.isEnabled()) {
      await afternoon.click();
      return;
    }
  }
  throw new Error("no other free slot in the reschedule picker");
}

describe("managing a booking", () => {
  it("the assistant accepts, the client reschedules and downloads the calendar file, the assistant completes, the referrer is rewarded", async () => {
    const referrer = await registerViaApi(e2e, { username: "liza_referrer", firstName: "Liza", lastName: "Mercado", role: "Sharer" });
    await registerViaApi(e2e, { username: "ramon_client", firstName: "Ramon", lastName: "Reyes", role: "Boss", referralCode: referrer.referralCode });
    const maria = await registerViaApi(e2e, { username: "maria_va", firstName: "Maria", lastName: "Santos", role: "Assistant" });
    const date = weekdayAhead(2);
    const { booking } = await api<{ booking: Booking }>("ramon_client", "POST", "/bookings/create", {
      consultantId: maria.id,
      date,
      startTime: "09:00",
      duration: 4,
    });

    // The assistant accepts in the dashboard.
    const assistant = await e2e.newPage();
    await logIn(assistant.page, "maria_va");
    await assistant.page.goto("/booking-dashboard");
    await assistant.page.getByRole("heading", { name: "Booking Dashboard" }).waitFor();
    const pendingCard = bookingCard(assistant.page, "Ramon Reyes", date);
    await pendingCard.getByText("Pending", { exact: true }).waitFor();
    // She sees, next to Accept, that the payment is not verified yet.
    await pendingCard.getByText("Payment not verified", { exact: true }).waitFor();
    await pendingCard.getByText(/has not verified this payment yet/).waitFor();
    await e2e.screenshot(assistant.page, "dashboard-pending-unverified");
    await assistant.page.setViewportSize({ width: 390, height: 844 });
    await e2e.screenshot(assistant.page, "dashboard-pending-unverified-phone");
    await assistant.page.setViewportSize({ width: 1280, height: 800 });
    await pendingCard.getByRole("button", { name: "Accept" }).click();
    await assistant.page.getByText("Booking confirmed successfully").waitFor();
    await pendingCard.getByText("Confirmed", { exact: true }).waitFor();
    await e2e.screenshot(assistant.page, "dashboard-accepted");

    // The client reschedules it from /bookings.
    const client = await e2e.newPage();
    await logIn(client.page, "ramon_client");
    await client.page.goto("/bookings");
    await client.page.getByRole("heading", { name: "Bookings", exact: true }).waitFor();
    expect(await client.page.getByRole("button", { name: "My Bookings" }).getAttribute("aria-pressed")).toBe("true");
    const item = bookingCard(client.page, "Maria Santos", date);
    await item.getByText("Morning call meeting").waitFor();
    // The client sees the payment waiting for verification and the reference to write on the transfer.
    await item.getByText("Payment not verified", { exact: true }).waitFor();
    await item.getByText(booking.paymentReference, { exact: true }).waitFor();
    await e2e.screenshot(client.page, "bookings-payment-unverified");
    await client.page.setViewportSize({ width: 390, height: 844 });
    await e2e.screenshot(client.page, "bookings-payment-unverified-phone");
    await client.page.setViewportSize({ width: 1280, height: 800 });
    await item.getByRole("button", { name: "Edit booking" }).click();
    await client.page.getByRole("menuitem", { name: "Reschedule booking" }).click();
    await chooseNewSlot(client.page, date);
    await e2e.screenshot(client.page, "bookings-reschedule");
    await client.page.getByRole("button", { name: "Update Booking" }).click();
    await client.page.getByText("Booking rescheduled successfully").waitFor();

    const moved = (await api<{ booking: Booking }>("ramon_client", "GET", `/bookings/${booking.id}`)).booking;
    expect(moved).toMatchObject({ startTime: "13:00", endTime: "17:00", status: "CONFIRMED" });
    expect(moved.date).not.toBe(date);
    const movedItem = bookingCard(client.page, "Maria Santos", moved.date);
    await movedItem.getByText("Afternoon call meeting").waitFor();
    await e2e.screenshot(client.page, "bookings-rescheduled");

    // The assistant's notification of the change opens /bookings on that booking.
    const inbox = await e2e.newPage();
    await logIn(inbox.page, "maria_va");
    await inbox.page.goto("/notifications");
    await inbox.page.getByRole("button", { name: /Booking rescheduled/ }).click();
    await inbox.page.waitForURL(`**/bookings/${booking.id}`);
    await bookingCard(inbox.page, "Ramon Reyes", moved.date).getByText("Afternoon call meeting").waitFor();
    expect(await inbox.page.getByRole("button", { name: "My Consultations" }).getAttribute("aria-pressed")).toBe("true");
    await inbox.context.close();

    // Its calendar file holds the booking's real start and end.
    await movedItem.getByRole("button", { name: "Edit booking" }).click();
    const [download] = await Promise.all([
      client.page.waitForEvent("download"),
      client.page.getByRole("menuitem", { name: "Download to Calendar" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Maria-Santos-${moved.date}.ics`);
    const event = parseCalendarFile(await readFile((await download.path())!, "utf8"));
    expect(event).toMatchObject({
      start: manilaInstant(moved.date, "13:00").toISOString(),
      end: manilaInstant(moved.date, "17:00").toISOString(),
      sequence: 1,
      method: "PUBLISH",
    });

    // The assistant's dashboard followed the change live. It cannot be completed before its
    // payment is verified and its time is over.
    const movedCard = bookingCard(assistant.page, "Ramon Reyes", moved.date);
    await movedCard.getByText("Payment not verified", { exact: true }).waitFor();
    expect(await movedCard.getByRole("button", { name: "Complete" }).count()).toBe(0);

    // Once paid and over (set in the database: the operator and the clock are other tests'), she completes it.
    const pastDate = await paidAndOver(e2e, booking.id);
    await assistant.page.reload();
    await assistant.page.getByRole("tab", { name: "Past" }).click();
    const pastCard = bookingCard(assistant.page, "Ramon Reyes", pastDate);
    await pastCard.getByText("Paid", { exact: true }).waitFor();
    await pastCard.getByRole("button", { name: "Complete" }).click();
    await assistant.page.getByText("Booking completed successfully").waitFor();
    await assistant.page.getByRole("combobox", { name: "Status" }).selectOption("Completed");
    await pastCard.getByText("Completed", { exact: true }).waitFor();

    // The referrer sees the reward and its notification.
    const earner = await e2e.newPage();
    await logIn(earner.page, "liza_referrer");
    await earner.page.goto("/notifications");
    await earner.page.getByText("Referral reward").first().waitFor();
    await earner.page.getByText(/You earned ₱500/).waitFor();
    await earner.page.goto("/profile");
    const referrals = earner.page.getByRole("region", { name: "Referral Program" });
    await referrals.getByText("Ramon Reyes").waitFor();
    await referrals.getByText("₱500").first().waitFor();
    await referrals.getByText("active", { exact: true }).waitFor();
    await referrals.getByText("4 booking hours").waitFor();
    await e2e.screenshot(earner.page, "referral-section");

    // The client's profile lists the conversation the booking started.
    await client.page.goto("/profile");
    const messages = client.page.getByRole("region", { name: "Messages" });
    await messages.getByRole("link", { name: /Maria/ }).waitFor();
    expect(await messages.getByText("Hello Boss! Confirming your booking.").count()).toBe(1);
    await e2e.screenshot(client.page, "profile-messages");
  });
});

describe("the bookings page's edit menu", () => {
  it("works by keyboard and opens upward near the bottom of the window", async () => {
    await registerViaApi(e2e, { username: "ana_client", firstName: "Ana", lastName: "Lopez", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "jo_va", firstName: "Jo", lastName: "Garcia", role: "Assistant" });
    const date = weekdayAhead(3);
    await api("ana_client", "POST", "/bookings/create", { consultantId: va.id, date, startTime: "13:00", duration: 4 });

    const { page } = await e2e.newPage();
    await logIn(page, "ana_client");
    await page.goto("/bookings");
    const edit = bookingCard(page, "Jo Garcia", date).getByRole("button", { name: "Edit booking" });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("aria-label"));

    await edit.focus();
    await page.keyboard.press("Enter");
    expect(await focused()).toBe("Reschedule booking");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Cancel booking");
    // A client's menu: no Complete.
    expect(await page.getByRole("menuitem").allTextContents()).toEqual(["Reschedule booking", "Cancel booking", "Download to Calendar"]);
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    expect(await focused()).toBe("Edit booking");

    await edit.click();
    const below = (await edit.boundingBox())!;
    expect((await page.getByRole("menu").boundingBox())!.y).toBeGreaterThan(below.y);
    await page.keyboard.press("Escape");

    // A window so short that less than 180px remain under the button.
    await page.setViewportSize({ width: 1280, height: Math.ceil(below.y + below.height + 120) });
    await edit.click();
    const button = (await edit.boundingBox())!;
    const menu = (await page.getByRole("menu").boundingBox())!;
    expect(menu.y + menu.height).toBeLessThanOrEqual(button.y + 1);
  });
});
