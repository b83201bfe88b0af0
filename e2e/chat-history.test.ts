import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { Chat } from "@vam/shared";
import { chats, messages } from "../apps/server/src/db/schema.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, logIn, registerViaApi } from "./helpers.js";

/**
 * Issue 33, "Older messages": a conversation of 200 messages opens at the first unread one under a
 * "New messages" divider, and scrolls back a page at a time (by scrolling, by keyboard, by the
 * button), keeping the reading position, while new messages arrive; at desktop and phone sizes.
 */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const COUNT = 200;
/** The boss has read up to this message; those after it are Maria's, unread. */
const READ_UP_TO = 190;
const MINUTE = 60_000;

const log = (page: Page) => page.getByRole("log", { name: "Messages with Maria" });
/** The texts of the messages shown, in order. */
const shownTexts = (page: Page) =>
  log(page)
    .getByRole("list", { name: "Messages" })
    .evaluate((list) => Array.from(list.querySelectorAll(":scope > li")).map((item) => item.querySelector("p")?.textContent ?? ""));
const shownCount = (page: Page) => log(page).getByRole("list", { name: "Messages" }).locator(":scope > li").count();

/** Scrolls the log to its top at once; answers where the message `text` then sits (px from the log's top edge), measured before anything loads. */
const scrollToTop = (page: Page, text: string) =>
  log(page).evaluate((node, wanted) => {
    node.scrollTo({ top: 0 });
    const bubbleText = Array.from(node.querySelectorAll("li p")).find((p) => p.textContent === wanted)!;
    return bubbleText.getBoundingClientRect().top - node.getBoundingClientRect().top;
  }, text);

/** Where an element sits in the log's window (px from its top edge). */
const offsetInLog = (element: Locator) =>
  element.evaluate((node) => node.getBoundingClientRect().top - node.closest("[role=log]")!.getBoundingClientRect().top);

/** Whether the element is within the log's visible part. */
const inLogView = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const view = node.closest("[role=log]")!.getBoundingClientRect();
    return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  });

const bubble = (page: Page, text: string) => log(page).getByText(text, { exact: true });

describe("a conversation's earlier messages", () => {
  let chatId: string;
  let bossId: string;
  let vaId: string;
  const start = Date.now() - (COUNT + 60) * MINUTE;
  const at = (n: number) => new Date(start + n * MINUTE);

  /** The boss has read up to message READ_UP_TO (Maria's last ten wait unread). */
  const unreadAgain = () =>
    e2e.server.database.db
      .update(chats)
      .set(bossId < vaId ? { userAReadAt: at(READ_UP_TO) } : { userBReadAt: at(READ_UP_TO) })
      .where(eq(chats.id, chatId));

  beforeAll(async () => {
    bossId = (await registerViaApi(e2e, { username: "history_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" })).id;
    vaId = (await registerViaApi(e2e, { username: "history_va", firstName: "Maria", lastName: "Lopez", role: "Assistant" })).id;
    chatId = (await apiAs<Chat>(e2e, "history_boss", "POST", "/chats", { receiverId: vaId })).id;
    // 200 messages a minute apart, in the database: both write until 190, then Maria alone.
    await e2e.server.database.db.insert(messages).values(
      Array.from({ length: COUNT }, (_, index) => {
        const n = index + 1;
        const fromBoss = n <= READ_UP_TO && n % 3 === 0;
        return { chatId, senderId: fromBoss ? bossId : vaId, text: `Message ${n}`, createdAt: at(n) };
      }),
    );
    await e2e.server.database.db
      .update(chats)
      .set({ lastMessageAt: at(COUNT) })
      .where(eq(chats.id, chatId));
    await unreadAgain();
  });

  it("at desktop size: opens at 'New messages', scrolls back through all 200 keeping the place while new ones arrive", async () => {
    const { page, context } = await e2e.newPage();
    await logIn(page, "history_boss");
    await page.goto(`/chat/${vaId}`);
    const divider = log(page).getByRole("separator", { name: "New messages" });
    await divider.waitFor();
    // Right before Maria's first unread message, and in view: the conversation opened there.
    expect(await divider.evaluate((node) => node.closest("li")?.querySelector("p")?.textContent)).toBe(`Message ${READ_UP_TO + 1}`);
    expect(await inLogView(divider)).toBe(true);
    expect(await inLogView(bubble(page, `Message ${READ_UP_TO + 1}`))).toBe(true);
    expect(await shownCount(page)).toBe(50);
    await e2e.screenshot(page, "chat-history-unread-desktop");
    await expectNoSeriousA11yViolations(page);

    // Scrolling to the top loads the page before, and what was at the top stays where it was.
    let pages = 0;
    while (!(await log(page).getByText("Beginning of the conversation").isVisible())) {
      const oldest = (await shownTexts(page))[0]!;
      const before = await scrollToTop(page, oldest);
      if (pages === 1) {
        // Maria writes while the boss reads back (the page on its way): it comes at the end, once.
        await apiAs(e2e, "history_va", "POST", `/messages/${chatId}`, { text: "Are you still there?" });
        await bubble(page, "Are you still there?").waitFor();
      }
      await expect.poll(async () => (await shownTexts(page))[0]).not.toBe(oldest);
      expect(Math.abs((await offsetInLog(bubble(page, oldest))) - before), `page ${pages + 1}: ${oldest} kept its place`).toBeLessThanOrEqual(2);
      pages += 1;
      if (pages === 1) await e2e.screenshot(page, "chat-history-paged-desktop");
    }
    expect(pages).toBe(3);
    const texts = await shownTexts(page);
    expect(texts).toEqual([...Array.from({ length: COUNT }, (_, index) => `Message ${index + 1}`), "Are you still there?"]);
    expect(await log(page).getByRole("button", { name: "Load earlier messages" }).count()).toBe(0);
    await log(page).evaluate((node) => node.scrollTo({ top: 0 }));
    await e2e.screenshot(page, "chat-history-beginning-desktop");
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it("at phone size, by keyboard alone: Tab reaches the log, Page Up scrolls it back, the button loads a page", async () => {
    await unreadAgain();
    const { page, context } = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, "history_boss");
    await page.goto(`/chat/${vaId}`);
    const divider = log(page).getByRole("separator", { name: "New messages" });
    await divider.waitFor();
    expect(await inLogView(divider)).toBe(true);
    // The log scrolls inside the screen, not the page (otherwise it could not open at the divider).
    expect(
      await log(page).evaluate((node) => node.scrollHeight > node.clientHeight && node.getBoundingClientRect().height <= window.innerHeight),
    ).toBe(true);
    await log(page).scrollIntoViewIfNeeded();
    await e2e.screenshot(page, "chat-history-unread-phone");
    await expectNoSeriousA11yViolations(page);

    // Tab until the log has the focus (it is one stop of the page's order).
    await page.locator("body").focus();
    let reached = false;
    for (let press = 0; press < 40 && !reached; press += 1) {
      await page.keyboard.press("Tab");
      reached = await log(page).evaluate((node) => document.activeElement === node);
    }
    expect(reached).toBe(true);
    // Page Up moves the log itself up.
    const top = await log(page).evaluate((node) => node.scrollTop);
    await page.keyboard.press("PageUp");
    await expect.poll(() => log(page).evaluate((node) => node.scrollTop)).toBeLessThan(top);

    // Home takes it to the top: the next page loads by itself, the place kept.
    const oldest = (await shownTexts(page))[0]!;
    await page.keyboard.press("Home");
    await expect.poll(() => shownCount(page)).toBeGreaterThan(50);
    await expect.poll(() => inLogView(bubble(page, oldest))).toBe(true);

    // Then the button, from the keyboard: Tab from the log reaches it first.
    await log(page).focus();
    await page.keyboard.press("Tab");
    const button = log(page).getByRole("button", { name: "Load earlier messages" });
    expect(await button.evaluate((node) => document.activeElement === node)).toBe(true);
    await e2e.screenshot(page, "chat-history-button-phone");
    while ((await button.count()) > 0) {
      const count = await shownCount(page);
      await button.press("Enter");
      await expect.poll(async () => (await shownCount(page)) > count || (await button.count()) === 0).toBe(true);
    }
    await log(page).getByText("Beginning of the conversation").waitFor();
    expect(await shownTexts(page)).toEqual(Array.from({ length: COUNT }, (_, index) => `Message ${index + 1}`).concat("Are you still there?"));
    // The button gone, the focus is back on the log, not lost.
    expect(await log(page).evaluate((node) => document.activeElement === node)).toBe(true);
    await log(page).evaluate((node) => node.scrollTo({ top: 0 }));
    await e2e.screenshot(page, "chat-history-beginning-phone");
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
