import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "../apps/server/src/notifications/create.js";
import { relativeTime } from "../apps/web/src/features/notifications/relative-time.js";
import { startE2E, type E2E } from "./harness.js";
import { registerViaApi, logIn, apiToken } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

async function sendMessage(fromUsername: string, recipientId: string, message: string) {
  const response = await fetch(`${e2e.baseUrl}/api/messages/send`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await apiToken(e2e, fromUsername)}` },
    body: JSON.stringify({ recipientId, message }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { chatId: string };
}

const DAY_MS = 86_400_000;

describe("relative times of notifications", () => {
  const now = new Date("2026-11-22T12:00:00+08:00");
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("follows the 60 / 3600 / 86400 / 604800 second thresholds with singular units", () => {
    expect(relativeTime(before(0), now)).toBe("Just now");
    expect(relativeTime(before(59_999), now)).toBe("Just now");
    expect(relativeTime(before(60_000), now)).toBe("1 minute ago");
    expect(relativeTime(before(59 * 60_000), now)).toBe("59 minutes ago");
    expect(relativeTime(before(3_600_000), now)).toBe("1 hour ago");
    expect(relativeTime(before(23 * 3_600_000), now)).toBe("23 hours ago");
    expect(relativeTime(before(DAY_MS), now)).toBe("1 day ago");
    expect(relativeTime(before(6 * DAY_MS), now)).toBe("6 days ago");
    expect(relativeTime(before(7 * DAY_MS), now)).toBe("Nov 15, 2026");
    expect(relativeTime("2025-03-01T09:00:00+08:00", now)).toBe("Mar 1, 2025");
  });

  it("calls a time a little in the future 'Just now'", () => {
    expect(relativeTime(new Date(now.getTime() + 5_000).toISOString(), now)).toBe("Just now");
  });
});

describe("the notifications page", () => {
  it("filters by tab, marks read on click and leads to the chat or the profile", async () => {
    const owner = await registerViaApi(e2e, { username: "notified_nina", firstName: "Nina" });
    await registerViaApi(e2e, { username: "nina_referral", firstName: "Paolo", referralCode: owner.referralCode });
    await registerViaApi(e2e, { username: "nina_writer", firstName: "Jessa" });
    const { chatId } = await sendMessage("nina_writer", owner.id, "Hello Nina, can we talk about the project?");
    const db = e2e.server.database.db;
    const bookingId = "7b0f8a52-4d3c-4c55-9d2e-0f6a1b2c3d4e";
    await createNotification(db, {
      userId: owner.id,
      type: "BOOKING",
      title: "Booking confirmed",
      content: "Your booking on Nov 24 was confirmed.",
      entityId: bookingId,
      createdAt: new Date(Date.now() - 2 * DAY_MS - 60_000),
    });
    const old = new Date(Date.now() - 10 * DAY_MS);
    await createNotification(db, { userId: owner.id, type: "SYSTEM", title: "Welcome", content: "Thanks for joining.", read: true, createdAt: old });

    const { page, context } = await e2e.newPage();
    await logIn(page, "notified_nina");
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    const items = page.getByRole("tabpanel").getByRole("listitem");
    await expect.poll(() => items.count()).toBe(4);
    expect(await page.getByText("Unread", { exact: true }).count()).toBe(3);
    await page.getByText("2 days ago").waitFor();
    await page.getByText(relativeTime(old.toISOString())).waitFor();
    expect(await page.getByText("Just now").count()).toBe(2);
    await e2e.screenshot(page, "notifications-all");

    const tab = (name: string) => page.getByRole("tab", { name });
    await tab("Messages").click();
    await expect.poll(() => items.count()).toBe(1);
    await items.getByText("New message from Jessa").waitFor();
    await tab("Bookings").click();
    await expect.poll(() => items.count()).toBe(1);
    await items.getByText("Booking confirmed").waitFor();
    await tab("Referrals").click();
    await expect.poll(() => items.count()).toBe(1);
    await items.getByText(/Paolo/).first().waitFor();

    // A new message arrives while the page is open: no reload needed.
    await tab("All").click();
    await registerViaApi(e2e, { username: "nina_second", firstName: "Marco" });
    await sendMessage("nina_second", owner.id, "Quick question about your rates");
    await page.getByText("New message from Marco").waitFor();
    await expect.poll(() => items.count()).toBe(5);

    const menuButton = page.getByRole("button", { name: "Account menu" });
    await page.getByText("4 unread notifications").first().waitFor({ state: "attached" });

    // REFERRAL leads to /profile and lowers the count.
    await tab("Referrals").click();
    await items.getByRole("button").click();
    await page.waitForURL(/\/profile$/);
    await page.getByText("3 unread notifications").first().waitFor({ state: "attached" });

    // MESSAGE leads to that chat.
    await page.goto("/notifications");
    await tab("Messages").click();
    await expect.poll(() => items.count()).toBe(2);
    await items.filter({ hasText: "Jessa" }).getByRole("button").click();
    await page.waitForURL(`**/chat/${chatId}`);
    await page.getByRole("list", { name: "Messages" }).getByText("Hello Nina, can we talk about the project?").waitFor();

    // BOOKING leads to that booking.
    await page.goto("/notifications");
    await tab("Bookings").click();
    await items.getByRole("button").click();
    await page.waitForURL(`**/bookings/${bookingId}`);

    await page.goto("/notifications");
    await page.getByText("New message from Marco").waitFor();
    expect(await page.getByText("Unread", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => page.getByText("Unread", { exact: true }).count()).toBe(0);
    await expect.poll(() => menuButton.getAttribute("aria-describedby")).toBeNull();
    expect(await page.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("says so when there are none", async () => {
    await registerViaApi(e2e, { username: "quiet_quentin" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "quiet_quentin");
    await page.goto("/notifications");
    await page.getByText("No notifications found").waitFor();
    expect(await page.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
    await context.close();
  });
});
