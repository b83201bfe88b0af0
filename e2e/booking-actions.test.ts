import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MSG, formatLongDate, formatShortDate, weekdayAhead, type Booking, type ChatWithMessages } from "@vam/shared";
import { startE2E, type E2E } from "./harness.js";
import { logIn, paidAndOver, registerViaApi, apiAs } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const api = <T>(username: string, method: string, path: string, body?: unknown) => apiAs<T>(e2e, username, method, path, body);

const book = async (client: string, consultantId: string, date: string, startTime = "09:00", duration = 4) =>
  (await api<{ booking: Booking }>(client, "POST", "/bookings/create", { consultantId, date, startTime, duration })).booking;

const card = (page: Page, name: string, date: string) => page.getByRole("article", { name: `Booking with ${name} on ${formatLongDate(date)}` });

/** The texts of the chat between two users, as one of them reads it. */
async function chatTexts(reader: string, otherId: string): Promise<string[]> {
  const chats = await api<{ id: string; receiver: { id: string } }[]>(reader, "GET", "/chats");
  const chat = chats.find((c) => c.receiver.id === otherId);
  return chat ? (await api<ChatWithMessages>(reader, "GET", `/chats/${chat.id}`)).messages.map((m) => m.text) : [];
}

async function eventually(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 50; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("condition not met in time");
}

describe("the bookings page's actions", () => {
  it("cancels after confirmation and completes, telling the client in chat, and shows the empty, fallback and calendar-link states", async () => {
    const client = await registerViaApi(e2e, { username: "ramon_cruz", firstName: "Ramon", lastName: "Cruz", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "grace_tan", firstName: "Grace", lastName: "Tan", role: "Assistant" });
    const [first, second] = [weekdayAhead(2), weekdayAhead(3)];
    await book("ramon_cruz", va.id, first);
    const secondBooking = await book("ramon_cruz", va.id, second, "13:00");

    const { page } = await e2e.newPage();
    await logIn(page, "grace_tan");
    await page.goto("/bookings");
    expect(await page.getByRole("button", { name: "My Consultations" }).getAttribute("aria-pressed")).toBe("true");
    const firstCard = card(page, "Ramon Cruz", first);
    // Nobody has an avatar: both show the default picture.
    for (const alt of ["Ramon Cruz", "You (Grace Tan)"]) {
      expect(await firstCard.getByRole("img", { name: alt }).getAttribute("src")).toBe("/noavatar.jpg");
    }

    // Cancel asks first; keeping it changes nothing.
    await firstCard.getByRole("button", { name: "Edit booking" }).click();
    await page.getByRole("menuitem", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Booking" });
    await dialog.getByText(MSG.confirmCancel).waitFor();
    await dialog.getByRole("button", { name: "No, Keep It" }).click();
    await dialog.waitFor({ state: "detached" });
    await firstCard.getByText("Pending", { exact: true }).waitFor();
    await firstCard.getByRole("button", { name: "Edit booking" }).click();
    await page.getByRole("menuitem", { name: "Cancel booking" }).click();
    await page.getByRole("dialog", { name: "Cancel Booking" }).getByRole("button", { name: "Yes, Cancel Booking" }).click();
    await page.getByText("Booking cancelled successfully").waitFor();

    // The second cannot be completed before its payment is verified and its time is over.
    const upcoming = card(page, "Ramon Cruz", second);
    await upcoming.getByText("Payment not verified", { exact: true }).waitFor();
    await upcoming.getByRole("button", { name: "Edit booking" }).click();
    expect(await page.getByRole("menuitem").allTextContents()).toEqual(["Reschedule booking", "Cancel booking", "Download to Calendar"]);
    await page.keyboard.press("Escape");

    // Accepted, paid and over (set in the database: the operator and the clock are other tests'):
    // nothing upcoming is left, the empty text and the way to find consultants.
    await api("grace_tan", "PUT", `/bookings/${secondBooking.id}/status`, { status: "CONFIRMED" });
    const over = await paidAndOver(e2e, secondBooking.id);
    await page.reload();
    await page.getByText("No upcoming bookings found").waitFor();
    expect(await page.getByRole("link", { name: "Find Consultants" }).getAttribute("href")).toBe("/profile/list");

    // In Past, the Assistant completes it.
    await page.getByRole("tab", { name: "Past" }).click();
    const done = card(page, "Ramon Cruz", over);
    await done.getByText("Paid", { exact: true }).waitFor();
    await done.getByRole("button", { name: "Edit booking" }).click();
    await page.getByRole("menuitem", { name: "Complete booking" }).click();
    await page.getByText("Booking completed successfully").waitFor();
    await done.getByText("Completed", { exact: true }).waitFor();
    expect(await done.getByRole("button", { name: "Edit booking" }).count()).toBe(0);
    await page.getByRole("tab", { name: "Cancelled" }).click();
    await card(page, "Ramon Cruz", first).waitFor();
    await e2e.screenshot(page, "bookings-cancelled-tab");

    // The client heard about both in the chat.
    const cancelled = MSG.bookingCancelledChat(formatLongDate(first), "9:00 AM");
    await eventually(async () => {
      const texts = await chatTexts("ramon_cruz", va.id);
      return texts.includes(cancelled) && texts.includes(MSG.bookingCompletedChat);
    });

    // The client's own bookings offer Add to Calendar, a Google Calendar link.
    const third = weekdayAhead(4);
    await book("ramon_cruz", va.id, third);
    const clientPage = (await e2e.newPage()).page;
    await logIn(clientPage, "ramon_cruz");
    await clientPage.goto("/bookings");
    const link = card(clientPage, "Grace Tan", third).getByRole("link", { name: /Add to Calendar/ });
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.hostname).toBe("calendar.google.com");
    expect(href.searchParams.get("dates")).toBe(`${third.replaceAll("-", "")}T090000/${third.replaceAll("-", "")}T130000`);

    // And the profile's referral section shares the client's own link.
    await clientPage.goto("/profile");
    const shared = await clientPage.getByLabel("Your referral link").inputValue();
    expect(shared).toBe(`${e2e.baseUrl}/register?referralCode=${client.referralCode}`);
  });
});

describe("the dashboard's actions", () => {
  it("declines after confirmation, and reschedules among the next weekdays, saying when a date has no time left", async () => {
    await registerViaApi(e2e, { username: "nina_boss", firstName: "Nina", lastName: "Reyes", role: "Boss" });
    await registerViaApi(e2e, { username: "other_boss", firstName: "Paolo", lastName: "Lim", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "joy_va", firstName: "Joy", lastName: "Ramos", role: "Assistant" });
    const [declineDay, moveDay, fullDay, freeDay] = [weekdayAhead(2), weekdayAhead(3), weekdayAhead(4), weekdayAhead(5)];
    await book("nina_boss", va.id, declineDay);
    const moving = await book("nina_boss", va.id, moveDay);
    await book("other_boss", va.id, fullDay, "09:00", 8);

    const assistant = (await e2e.newPage()).page;
    await logIn(assistant, "joy_va");
    await assistant.goto("/booking-dashboard");
    const declined = card(assistant, "Nina Reyes", declineDay);
    await declined.getByRole("button", { name: "Decline" }).click();
    const dialog = assistant.getByRole("dialog");
    await dialog.getByText(MSG.confirmDecline).waitFor();
    await dialog.getByRole("button", { name: "Yes, Decline Booking" }).click();
    await assistant.getByText("Booking cancelled successfully").waitFor();
    await assistant.getByRole("tab", { name: "Past" }).click();
    await declined.getByText("Cancelled", { exact: true }).waitFor();

    const client = (await e2e.newPage()).page;
    await logIn(client, "nina_boss");
    await client.goto("/booking-dashboard");
    await client.getByRole("heading", { name: "Booking Dashboard" }).waitFor();
    expect(await client.getByRole("button", { name: "As Consultant" }).count()).toBe(0);
    const pending = card(client, "Joy Ramos", moveDay);
    await pending.getByText("Pending", { exact: true }).waitFor();
    expect(await pending.getByRole("button").allTextContents()).toEqual(["Reschedule", "Cancel"]);
    await pending.getByRole("button", { name: "Reschedule" }).click();
    const modal = client.getByRole("dialog", { name: "Reschedule Booking" });
    const confirm = modal.getByRole("button", { name: "Confirm Reschedule" });
    expect(await confirm.isDisabled()).toBe(true);
    // The booking's own day offers its current slot (and the afternoon still free), as the bookings page does.
    await modal.getByRole("button", { name: formatShortDate(moveDay) }).click();
    const times = modal.getByRole("group", { name: "Available times" });
    await times.getByRole("button", { name: "9:00 AM Current" }).waitFor();
    expect(await times.getByRole("button").allTextContents()).toEqual(["9:00 AM Current", "1:00 PM"]);
    expect(await modal.getByText("No available times for this date").count()).toBe(0);
    await e2e.screenshot(client, "dashboard-reschedule-current");
    await modal.getByRole("button", { name: formatShortDate(fullDay) }).click();
    await modal.getByText("No available times for this date").waitFor();
    await modal.getByRole("button", { name: formatShortDate(freeDay) }).click();
    await modal.getByRole("button", { name: "1:00 PM" }).click();
    await e2e.screenshot(client, "dashboard-reschedule");
    await confirm.click();
    await client.getByText("Booking rescheduled successfully").waitFor();
    const moved = (await api<{ booking: Booking }>("nina_boss", "GET", `/bookings/${moving.id}`)).booking;
    expect(moved).toMatchObject({ date: freeDay, startTime: "13:00", status: "PENDING" });

    // Once accepted, the client gets the chat link and Reschedule; the consultant Complete.
    await api("joy_va", "PUT", `/bookings/${moving.id}/status`, { status: "CONFIRMED" });
    const confirmed = card(client, "Joy Ramos", freeDay);
    await confirmed.getByText("Confirmed", { exact: true }).waitFor();
    expect(await confirmed.getByRole("link", { name: "Chat" }).getAttribute("href")).toBe(`/chat/${va.id}`);
    expect(await confirmed.getByRole("button").allTextContents()).toEqual(["Reschedule"]);
  });
});
