import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { postings } from "../apps/server/src/db/schema.js";
import { DEMO_PASSWORD } from "../apps/server/src/seed/demo.js";
import { startE2E, type E2E } from "./harness.js";
import { registerViaApi, logIn, userId } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
});
afterAll(() => e2e?.close());

/** The unread count the account menu announces ("" when none). */
const unreadAnnounced = (page: Page) =>
  page.getByRole("button", { name: "Account menu" }).evaluate((button) => {
    const id = button.getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? "") : "";
  });

const messages = (page: Page) => page.getByRole("list", { name: "Messages" });

describe("chat in real time", () => {
  it("delivers a message from the profile's dialog, clears the badge on reading, and shows the reply and 'Seen' live", async () => {
    const mariaId = await userId(e2e, "maria_santos");
    const bossId = await userId(e2e, "boss_demo");
    const boss = await e2e.newPage();
    const maria = await e2e.newPage();
    await logIn(boss.page, "boss_demo", DEMO_PASSWORD);
    await logIn(maria.page, "maria_santos", DEMO_PASSWORD);
    expect(await unreadAnnounced(maria.page)).toBe("");

    await boss.page.goto(`/profile/${mariaId}`);
    await boss.page.getByRole("link", { name: "View Chat History" }).waitFor();
    await boss.page.getByRole("button", { name: "Contact Maria" }).click();
    const dialog = boss.page.getByRole("dialog", { name: "Message Maria" });
    const send = dialog.getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel("Message").fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel("Message").fill("Hi Maria! Are you free to manage our Facebook page next week?");
    await e2e.screenshot(boss.page, "chat-message-dialog");
    await send.click();
    await boss.page.waitForURL(`**/chat/${mariaId}`);
    await messages(boss.page).getByText("Hi Maria! Are you free").waitFor();
    await boss.page.getByRole("heading", { name: "Maria Santos" }).waitFor();

    // Maria has not reloaded anything: the badge comes over the socket.
    await expect.poll(() => unreadAnnounced(maria.page)).toBe("1 unread notification");
    await maria.page.getByRole("button", { name: "Account menu" }).click();
    await maria.page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Messages" }).click();
    // The first (unread) chat opens by itself.
    await maria.page.waitForURL(`**/chat/${bossId}`);
    await messages(maria.page).getByText("Hi Maria! Are you free to manage our Facebook page next week?").waitFor();
    await maria.page.getByText("Boss", { exact: true }).waitFor();
    await expect.poll(() => unreadAnnounced(maria.page)).toBe("");

    // The Boss sees that Maria read it.
    await messages(boss.page).getByText("Seen", { exact: true }).waitFor();

    const composer = maria.page.getByRole("textbox", { name: "Message" });
    expect(await composer.getAttribute("placeholder")).toBe("Type a message...");
    expect(await maria.page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    await composer.fill("Yes, Tuesday works for me.");
    await composer.press("Enter");
    expect(await composer.inputValue()).toBe("");
    await messages(maria.page).getByText("Yes, Tuesday works for me.").waitFor();

    await messages(boss.page).getByText("Yes, Tuesday works for me.").waitFor();
    // The Boss's open conversation reads the reply at once, so Maria sees 'Seen' under it.
    await messages(maria.page).getByText("Seen", { exact: true }).waitFor();
    await expect.poll(() => unreadAnnounced(boss.page)).toBe("");
    // The optimistic copy and the socket's echo are one message, not two.
    expect(await messages(maria.page).getByText("Yes, Tuesday works for me.").count()).toBe(1);
    expect(await messages(maria.page).getByRole("listitem").count()).toBe(2);

    // The sidebar: Maria's chat with the Boss is read now; the search filters by name.
    const sidebar = maria.page.getByRole("complementary", { name: "Chats" });
    await sidebar.getByRole("button", { name: "Read", exact: true }).click();
    expect(await sidebar.getByRole("button", { name: "Read", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await sidebar.getByRole("link", { name: /Ramon/ }).waitFor();
    await sidebar.getByRole("searchbox", { name: "Search users" }).fill("zzz");
    await sidebar.getByText("No chats match your search").waitFor();
    await sidebar.getByRole("searchbox", { name: "Search users" }).fill("ram");
    await sidebar.getByRole("link", { name: /Ramon/ }).waitFor();
    await e2e.screenshot(maria.page, "chat-conversation");

    // What was said survives a reload.
    await boss.page.reload();
    await messages(boss.page).getByText("Yes, Tuesday works for me.").waitFor();
    expect(await messages(boss.page).getByRole("listitem").count()).toBe(2);
    await e2e.screenshot(boss.page, "chat-conversation-boss");
    await boss.context.close();
    await maria.context.close();
  });

  it("opens the message dialog from a posting and starts the chat with its poster", async () => {
    const juanId = await userId(e2e, "juan_delacruz");
    const [posting] = await e2e.server.database.db.select({ id: postings.id }).from(postings).where(eq(postings.userId, juanId));
    const postingId = posting!.id;
    const { page, context } = await e2e.newPage();

    // Signed out: to the login page instead of the dialog.
    await page.goto(`/${postingId}`);
    await page.getByRole("button", { name: "Send a Message" }).click();
    await page.waitForURL("**/login");

    await logIn(page, "boss_demo", DEMO_PASSWORD);
    await page.goto(`/${postingId}`);
    await page.getByRole("button", { name: "Send a Message" }).click();
    const dialog = page.getByRole("dialog", { name: "Message Juan" });
    await dialog.getByLabel("Message").fill("Hello! Is this still available?");
    await dialog.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(`**/chat/${juanId}`);
    await messages(page).getByText("Hello! Is this still available?").waitFor();
    await context.close();
  });

  it("welcomes someone without chats and offers to find consultants", async () => {
    await registerViaApi(e2e, { username: "chat_newcomer" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "chat_newcomer");
    await page.goto("/chat");
    await page.getByRole("heading", { name: "Welcome to the chat system" }).waitFor();
    await e2e.screenshot(page, "chat-empty");
    await page.getByRole("link", { name: "Find Consultants to Chat With" }).click();
    await page.waitForURL("**/profile/list");

    // A chat with someone new starts empty.
    const mariaId = await userId(e2e, "maria_santos");
    await page.goto(`/chat/${mariaId}`);
    await page.getByText("No messages yet. Start the conversation!").waitFor();
    await page.getByRole("heading", { name: "Maria Santos" }).waitFor();
    await context.close();
  });
});
