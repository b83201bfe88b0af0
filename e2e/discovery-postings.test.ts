import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { MSG } from "@vam/shared";
import { DEMO_PASSWORD } from "../apps/server/src/seed/demo.js";
import { startE2E, type E2E } from "./harness.js";
import { logIn } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
});
afterAll(() => e2e?.close());

const TITLE = "Cebu Shopify Store Setup";
let postingPath = "";

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function upload(page: Page, label: string, name: string, buffer: Buffer) {
  await page.getByLabel(label).setInputFiles({ name, mimeType: "image/png", buffer });
}

describe("postings, galleries and listings", () => {
  it("lets an Assistant make the profile public, add a gallery photo and create a posting with two images", async () => {
    const { page, context } = await e2e.newPage();
    await logIn(page, "juan_delacruz", DEMO_PASSWORD);
    await page.goto("/profile");

    await page.getByRole("button", { name: "Make Profile Public" }).click();
    await page.getByRole("button", { name: "Make Profile Public" }).waitFor({ state: "detached" });
    // The demo data gives Juan one completed 4-hour booking.
    await page.getByText("4 hours booked · 1 completed booking").waitFor();

    await page.getByLabel("Photo title (optional)").fill("Clinic website refresh");
    await page.getByLabel("Photo description (optional)").fill("A calmer, faster site for a dental clinic in Lahug.");
    await upload(page, "Add photo", "clinic.png", await png(14, 116, 144));
    await page.getByRole("button", { name: "View photo: Clinic website refresh" }).waitFor();
    expect(await page.getByLabel("Photo title (optional)").inputValue()).toBe("");

    await page.getByRole("button", { name: "New posting" }).click();
    const editor = page.getByRole("dialog", { name: "New posting" });
    await editor.getByRole("button", { name: "Save posting" }).click();
    await editor.getByText(MSG.fieldRequired("Title")).waitFor();
    await editor.getByText(MSG.postingImagesRequired).waitFor();

    await editor.getByLabel("Title").fill(TITLE);
    await editor.getByLabel("Address").fill("IT Park, Lahug, Cebu City");
    expect(await editor.getByLabel("Rate (₱ per hour)").inputValue()).toBe("1250");
    await upload(page, "Add image", "first.png", await png(234, 88, 12));
    await editor.getByRole("button", { name: "Remove image 1" }).waitFor();
    await upload(page, "Add image", "second.png", await png(22, 163, 74));
    await editor.getByRole("button", { name: "Remove image 2" }).waitFor();

    const description = editor.getByRole("textbox", { name: "Description" });
    await description.click();
    await editor.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Fast");
    await editor.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" stores for small shops.");
    await page.keyboard.press("Enter");
    await editor.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Theme setup");
    await editor.getByLabel("Hours").fill("20 hours/week");
    await editor.getByLabel("Days available").fill("Mon-Thu");
    await editor.getByLabel("Work setup").fill("Home office with fibre internet");
    await editor.getByLabel("Graduated from").fill("University of San Carlos");
    await e2e.screenshot(page, "discovery-posting-editor");
    await editor.getByRole("button", { name: "Save posting" }).click();

    await page.getByText("Posting saved").waitFor();
    await editor.waitFor({ state: "detached" });
    const card = page.getByRole("link", { name: new RegExp(TITLE) });
    postingPath = (await card.getAttribute("href"))!;
    expect(postingPath).toMatch(/^\/[0-9a-f-]{36}$/);

    await page.goto("/profile/list?userName=Juan");
    await page.getByRole("article", { name: "Juan Dela Cruz" }).waitFor();
    await context.close();
  });

  it("shows the posting to a visitor with a wrap-around slider, and a Boss saves it", async () => {
    expect(postingPath).not.toBe("");
    const { page, context } = await e2e.newPage();
    await page.goto(postingPath);
    await page.getByRole("heading", { name: TITLE }).waitFor();
    await page.getByText("IT Park, Lahug, Cebu City").waitFor();
    await page.getByText("₱1,250/hr").waitFor();
    await page.getByText("juan_delacruz").waitFor();
    await page.locator(".rich-text :is(b, strong)", { hasText: "Fast" }).waitFor();
    await page.locator(".rich-text li", { hasText: "Theme setup" }).waitFor();
    for (const text of ["20 hours/week", "Mon-Thu", "Work setup", "Home office with fibre internet", "University of San Carlos"]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect(await page.getByText("Verified").locator("xpath=following-sibling::dd").textContent()).toBe("No");
    expect(await page.getByRole("button", { name: "Send a Message" }).isDisabled()).toBe(false);
    expect(await page.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe("/login");

    await page.getByRole("button", { name: "Show image 2" }).click();
    const viewer = page.getByRole("dialog", { name: TITLE });
    const counter = viewer.getByText(/^\d+ of 2$/);
    await counter.waitFor();
    const seen: string[] = [(await counter.textContent())!];
    await viewer.getByRole("button", { name: "Next image" }).click();
    seen.push((await counter.textContent())!);
    await viewer.getByRole("button", { name: "Next image" }).click();
    seen.push((await counter.textContent())!);
    await viewer.getByRole("button", { name: "Previous image" }).click();
    seen.push((await counter.textContent())!);
    await viewer.getByRole("button", { name: "Previous image" }).click();
    seen.push((await counter.textContent())!);
    await page.keyboard.press("ArrowRight");
    seen.push((await counter.textContent())!);
    expect(seen).toEqual(["2 of 2", "1 of 2", "2 of 2", "1 of 2", "2 of 2", "1 of 2"]);
    await e2e.screenshot(page, "discovery-posting-viewer");
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Save the Place" }).click();
    await page.waitForURL("**/login");
    await logIn(page, "boss_demo", DEMO_PASSWORD);
    await page.goto(postingPath);
    await page.getByRole("button", { name: "Save the Place" }).click();
    await page.getByRole("button", { name: "Place Saved" }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Place Saved" }).waitFor();

    await page.goto("/profile");
    const saved = page.getByRole("region", { name: "Saved" });
    await saved.getByRole("link", { name: new RegExp(TITLE) }).click();
    await page.waitForURL(`**${postingPath}`);
    await context.close();
  });

  it("lets the owner edit the posting from its page and delete it", async () => {
    const { page, context } = await e2e.newPage();
    await logIn(page, "juan_delacruz", DEMO_PASSWORD);
    await page.goto(postingPath);
    await page.getByRole("link", { name: "Edit posting" }).click();

    const editor = page.getByRole("dialog", { name: "Edit posting" });
    await expect.poll(() => editor.getByLabel("Title").inputValue()).toBe(TITLE);
    await editor.getByLabel("Title").fill(`${TITLE} and Care`);
    await editor.getByRole("button", { name: "Remove image 2" }).click();
    await editor.getByRole("button", { name: "Save posting" }).click();
    await page.getByText("Posting saved").waitFor();
    // The address no longer asks for the editor, so a reload does not reopen it.
    await expect.poll(() => new URL(page.url()).search).toBe("");

    await page.goto(postingPath);
    await page.getByRole("heading", { name: `${TITLE} and Care` }).waitFor();
    expect(await page.getByRole("button", { name: "Show image 2" }).count()).toBe(0);

    await page.goto("/profile");
    await page.getByRole("button", { name: `Delete ${TITLE} and Care` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this posting?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Posting deleted").waitFor();
    await page.getByRole("link", { name: new RegExp(TITLE) }).waitFor({ state: "detached" });

    await page.goto(postingPath);
    await page.getByText(MSG.postingNotFound).waitFor();
    await context.close();
  });
});
