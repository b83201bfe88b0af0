import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { logIn, registerViaApi } from "./helpers.js";

/** Files in chat (issue 33; decision 0025): an image shown inline, a PDF downloaded, by the other member. */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe("files in chat", () => {
  it("one member sends an image and a PDF; the other sees the image and downloads the PDF, on desktop and phone", async () => {
    const boss = await registerViaApi(e2e, { username: "files_boss", firstName: "Ramon", lastName: "Reyes", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "files_va", firstName: "Maria", lastName: "Lopez", role: "Assistant" });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .toBuffer();

    const sender = await e2e.newPage();
    await logIn(sender.page, "files_boss");
    await sender.page.goto(`/chat/${va.id}`);
    await sender.page.getByText("No messages yet. Start the conversation!").waitFor();
    await sender.page.getByLabel("Attach a file").setInputFiles([
      { name: "desk.png", mimeType: "image/png", buffer: photo },
      { name: "Kontrata.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    const pending = sender.page.getByRole("list", { name: "Files to send" });
    await expect.poll(() => pending.getByText("Ready to send").count()).toBe(2);
    await e2e.screenshot(sender.page, "chat-files-pending");
    await expectNoSeriousA11yViolations(sender.page);
    await sender.page.getByRole("button", { name: "Send", exact: true }).click();
    await sender.page.getByRole("img", { name: "Image: desk.png" }).waitFor();
    await sender.page.getByRole("link", { name: /Kontrata\.pdf/ }).waitFor();
    await sender.page.getByText("Sending...").waitFor({ state: "detached" });
    expect(await pending.count()).toBe(0);
    await sender.context.close();

    const reader = await e2e.newPage();
    const { page, context } = reader;
    await logIn(page, "files_va");
    await page.goto(`/chat/${boss.id}`);
    const image = page.getByRole("img", { name: "Image: desk.png" });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // The image opens in full in a new tab.
    const [full] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: /Image: desk\.png/ }).click()]);
    await full.waitForLoadState();
    expect(await full.evaluate(() => document.images[0]?.naturalWidth)).toBe(800);
    await full.close();

    // The PDF is downloaded, never shown in the page: the same bytes.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Kontrata\.pdf/ }).click()]);
    expect(download.suggestedFilename()).toBe("Kontrata.pdf");
    expect((await readFile(await download.path())).equals(PDF)).toBe(true);

    for (const viewport of [
      { width: 1280, height: 800, name: "desktop" },
      { width: 390, height: 844, name: "phone" },
    ]) {
      await page.setViewportSize(viewport);
      await image.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), viewport.name).toBe(false);
      await e2e.screenshot(page, `chat-files-received-${viewport.name}`);
      await expectNoSeriousA11yViolations(page);
    }
    await context.close();
  });
});
