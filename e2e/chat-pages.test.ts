import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { weekdayAhead, type Booking } from "@vam/shared";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, logIn, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const messages = (page: Page) => page.getByRole("list", { name: "Messages" });

/** The unread count the account menu announces ("" when none). */
const unreadAnnounced = (page: Page) =>
  page.getByRole("button", { name: "Account menu" }).evaluate((button) => {
    const id = button.getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? "") : "";
  });

/**
 * Whether anything is wider than its place: the page, the chat's card (it clips, but the browser
 * still scrolls it to show a focused Send button, pushing the chats list out) or the message list.
 */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const wider = (element: Element | null) => (element ? element.scrollWidth > element.clientWidth : null);
    const log = document.querySelector("[role=log]");
    return { page: wider(document.documentElement), card: wider(log?.closest(".card") ?? null), messages: wider(log) };
  });

/** Whether the element is shown and lies wholly inside the window. */
const inViewport = (page: Page, name: string) =>
  page.getByRole("button", { name, exact: true }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
  });

describe("the conversation's layout", () => {
  it("wraps a very long word and a long URL; the page never scrolls sideways and Send stays in view, on desktop and phone", async () => {
    await registerViaApi(e2e, { username: "wrap_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "wrap_va", firstName: "Maria", lastName: "Lopez", role: "Assistant" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "wrap_boss");
    await page.goto(`/chat/${va.id}`);
    await page.getByText("No messages yet. Start the conversation!").waitFor();

    const word = "a".repeat(300);
    const url = `https://example.com/${"very-long-path-segment/".repeat(12)}?query=${"x".repeat(80)}`;
    const composer = page.getByRole("textbox", { name: "Message" });
    for (const text of [url, word]) {
      await composer.fill(text);
      await composer.press("Enter");
      await messages(page).getByText(text).waitFor();
    }
    await page.getByText("Sending...").waitFor({ state: "detached" });

    for (const viewport of [
      { width: 1280, height: 800, name: "desktop" },
      { width: 390, height: 844, name: "phone" },
    ]) {
      await page.setViewportSize(viewport);
      await page.getByRole("button", { name: "Send", exact: true }).scrollIntoViewIfNeeded();
      expect(await sideways(page), viewport.name).toEqual({ page: false, card: false, messages: false });
      expect(await page.getByRole("button", { name: "Send", exact: true }).isVisible()).toBe(true);
      expect(await inViewport(page, "Send"), viewport.name).toBe(true);
      await e2e.screenshot(page, `chat-long-words-${viewport.name}`);
    }
    await expectNoSeriousA11yViolations(page);
    await context.close();

    // The recipient's notification of it wraps too.
    const recipient = await e2e.newPage();
    await recipient.page.setViewportSize({ width: 390, height: 844 });
    await logIn(recipient.page, "wrap_va");
    await recipient.page.goto("/notifications");
    await recipient.page.getByText(/^a{100}/).waitFor();
    expect(await recipient.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    await e2e.screenshot(recipient.page, "notifications-long-words-phone");
    await recipient.context.close();
  });
});

describe("a fresh copy of the conversation", () => {
  it("keeps a message sent while the copy was on its way: read before the send, it does not hide it", async () => {
    await registerViaApi(e2e, { username: "copy_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "copy_va", firstName: "Maria", lastName: "Lopez", role: "Assistant" });
    const chat = await apiAs<{ id: string }>(e2e, "copy_boss", "POST", "/chats", { receiverId: va.id });
    const { page, context } = await e2e.newPage();
    await logIn(page, "copy_boss");
    // The page reads the chat again when its socket connects: that read is made at once, and its
    // answer held until the message below has been sent and confirmed.
    let reads = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const heldCopy = new Promise<void>((resolve) => (held = resolve));
    let delivered!: () => void;
    const copyDelivered = new Promise<void>((resolve) => (delivered = resolve));
    await page.route(
      (url) => url.pathname === `/api/chats/${chat.id}`,
      async (route) => {
        if (route.request().method() !== "GET" || ++reads === 1) return route.continue();
        const response = await route.fetch();
        held();
        await released;
        await route.fulfill({ response });
        delivered();
      },
    );
    await page.goto(`/chat/${va.id}`);
    await page.getByText("No messages yet. Start the conversation!").waitFor();
    await Promise.race([
      heldCopy,
      new Promise((_, reject) => setTimeout(() => reject(new Error("the page did not read the chat again when its socket connected")), 20_000)),
    ]);
    const text = "Sent while the copy was on its way";
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill(text);
    await composer.press("Enter");
    await messages(page).getByText(text).waitFor();
    await page.getByText("Sending...").waitFor({ state: "detached" });
    release();
    // The copy (without the message) is taken in; the message stays, once.
    await copyDelivered;
    await page.waitForTimeout(500);
    expect(await messages(page).getByText(text).count()).toBe(1);
    await context.close();
  });
});

describe("read receipts and message notifications", () => {
  it("shows 'Seen' under the booking's first message only once the assistant has opened the chat", async () => {
    const client = await registerViaApi(e2e, { username: "seen_boss", firstName: "Ramon", lastName: "Cruz", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "seen_va", firstName: "Grace", lastName: "Tan", role: "Assistant" });
    await apiAs<{ booking: Booking }>(e2e, "seen_boss", "POST", "/bookings/create", {
      consultantId: va.id,
      date: weekdayAhead(3),
      startTime: "09:00",
      duration: 4,
    });

    const boss = await e2e.newPage();
    await logIn(boss.page, "seen_boss");
    await boss.page.goto(`/chat/${va.id}`);
    await messages(boss.page).getByText("Hi, I booked just now can you confirm?").waitFor();
    // The assistant has not opened the chat (nor accepted: her automatic reply waits for that).
    expect(await messages(boss.page).getByText("Hello Boss! Confirming your booking.").count()).toBe(0);
    expect(await messages(boss.page).getByText("Seen", { exact: true }).count()).toBe(0);
    await boss.page.reload();
    await messages(boss.page).getByText("Hi, I booked just now can you confirm?").waitFor();
    expect(await messages(boss.page).getByText("Seen", { exact: true }).count()).toBe(0);

    const assistant = await e2e.newPage();
    await logIn(assistant.page, "seen_va");
    await assistant.page.goto(`/chat/${client.id}`);
    await messages(assistant.page).getByText("Hi, I booked just now can you confirm?").waitFor();
    // Now she has read it, and the Boss sees so live.
    await messages(boss.page).getByText("Seen", { exact: true }).waitFor();
    await boss.context.close();
    await assistant.context.close();
  });

  it("leaves no pile of 'New message' rows after a conversation read as it arrives, and none unread", async () => {
    await registerViaApi(e2e, { username: "talk_boss", firstName: "Paolo", lastName: "Lim", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "talk_va", firstName: "Joy", lastName: "Ramos", role: "Assistant" });
    const boss = await e2e.newPage();
    const assistant = await e2e.newPage();
    await logIn(boss.page, "talk_boss");
    await logIn(assistant.page, "talk_va");
    await boss.page.goto(`/chat/${va.id}`);
    await boss.page.getByText("No messages yet. Start the conversation!").waitFor();
    await boss.page.getByRole("textbox", { name: "Message" }).fill("Hello Joy!");
    await boss.page.getByRole("textbox", { name: "Message" }).press("Enter");
    await assistant.page.goto("/chat");
    await messages(assistant.page).getByText("Hello Joy!").waitFor();

    // Both have the conversation open: every message is read as it arrives.
    const lines: [Page, Page, string][] = [
      [assistant.page, boss.page, "Hi Paolo, how can I help?"],
      [boss.page, assistant.page, "Can you manage our page next week?"],
      [assistant.page, boss.page, "Yes, I can."],
      [boss.page, assistant.page, "Great, thank you."],
      [assistant.page, boss.page, "You're welcome."],
      [boss.page, assistant.page, "Talk soon."],
    ];
    for (const [from, to, text] of lines) {
      await from.getByRole("textbox", { name: "Message" }).fill(text);
      await from.getByRole("textbox", { name: "Message" }).press("Enter");
      await messages(to).getByText(text).waitFor();
      await messages(from).getByText("Seen", { exact: true }).waitFor();
    }
    await expect.poll(() => unreadAnnounced(assistant.page)).toBe("");
    await expect.poll(() => unreadAnnounced(boss.page)).toBe("");

    for (const { page } of [assistant, boss]) {
      await page.goto("/notifications");
      await page.getByRole("tab", { name: "Messages" }).click();
      const items = page.getByRole("tabpanel").getByRole("listitem");
      await items.first().waitFor();
      // One row for the chat, already read: not one "New message from ..." per message.
      expect(await items.count()).toBe(1);
      expect(await items.getByText("Unread", { exact: true }).count()).toBe(0);
    }
    await e2e.screenshot(assistant.page, "notifications-after-conversation");

    // A new message while her notifications are open: the chat's row comes back unread, still one row.
    const items = assistant.page.getByRole("tabpanel").getByRole("listitem");
    const chatId = (await apiAs<{ id: string }[]>(e2e, "talk_boss", "GET", "/chats"))[0]!.id;
    await apiAs(e2e, "talk_boss", "POST", `/messages/${chatId}`, { text: "One more thing." });
    await items.getByText("One more thing.").waitFor();
    expect(await items.count()).toBe(1);
    expect(await items.getByText("Unread", { exact: true }).count()).toBe(1);
    await boss.context.close();
    await assistant.context.close();
  });
});
