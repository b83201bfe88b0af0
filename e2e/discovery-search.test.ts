import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../apps/server/src/seed/demo.js";
import { startE2E, type E2E } from "./harness.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
});
afterAll(() => e2e?.close());

const cardNames = (page: Page) => page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();

async function search(page: Page, fields: { name?: string; where?: string }) {
  await page.getByLabel("Name").fill(fields.name ?? "");
  await page.getByLabel("Where").fill(fields.where ?? "");
  await page.getByRole("button", { name: "Search" }).click();
}

/** The list once the results for the current address are shown. */
async function settled(page: Page) {
  await page.getByRole("button", { name: "View Profile" }).or(page.getByText("No matches found")).first().waitFor();
}

describe("finding assistants", () => {
  it("searches by name, by location and by skill, and names what found nothing", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/profile/list");
    await settled(page);
    expect((await cardNames(page)).length).toBe(20);

    await search(page, { name: "Santos" });
    await page.waitForURL("**/profile/list?userName=Santos");
    await settled(page);
    expect(await cardNames(page)).toEqual(["Maria Santos"]);
    const card = page.getByRole("article", { name: "Maria Santos" });
    await card.getByText("Quezon City, Metro Manila").waitFor();
    await card.getByText("Marketing, Writing, SEO").waitFor();

    await search(page, { where: "Metro Manila" });
    await page.waitForURL("**/profile/list?location=Metro+Manila");
    await settled(page);
    expect((await cardNames(page)).sort()).toEqual(["Bea Lim", "Maria Santos", "Mark Anthony Bautista", "Patricia Aquino"]);
    await e2e.screenshot(page, "discovery-search-location");

    // Skills come from the address only (the search bar keeps them).
    await page.goto("/profile/list?skills=Wellness");
    await settled(page);
    expect((await cardNames(page)).sort()).toEqual(["Hazel Cruz", "Patricia Aquino", "Rhea Fernandez"]);

    await search(page, { name: "Zzyzx Qwerty" });
    await page.getByText("No matches found").waitFor();
    await page.getByText('No users found with the name "Zzyzx Qwerty"').waitFor();
    expect(page.url()).toContain("skills=Wellness");

    await page.goto("/profile/list?location=Atlantis");
    await page.getByText('No users found in location "Atlantis"').waitFor();
    await page.goto("/profile/list?skills=Plumbing");
    await page.getByText('No users found with the skill "Plumbing"').waitFor();
    await context.close();
  });

  it("loads more profiles as the user scrolls, and with the Load more button", async () => {
    const { page, context } = await e2e.newPage();
    // A phone screen (one column) and smaller pages than the default, from the real server.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(
      (url) => url.pathname === "/api/profiles/posts",
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set("limit", "4");
        return route.continue({ url: url.toString() });
      },
    );
    await page.goto("/profile/list");
    await settled(page);
    expect((await cardNames(page)).length).toBe(4);

    await page.getByRole("button", { name: "Load more" }).press("Enter");
    await expect.poll(async () => (await cardNames(page)).length).toBe(8);

    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 5_000);
        return (await cardNames(page)).length;
      })
      .toBe(20);
    await page.getByRole("button", { name: "Load more" }).waitFor({ state: "detached" });
    expect(new Set(await cardNames(page)).size).toBe(20);
    await context.close();
  });

  it("opens a profile in a dialog with Info and Gallery tabs", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/profile/list?userName=Santos");
    await page.getByRole("article", { name: "Maria Santos" }).getByRole("button", { name: "View Profile" }).click();

    const dialog = page.getByRole("dialog", { name: "Maria Santos" });
    await dialog.waitFor();
    await dialog.getByText("₱1,250/hr").waitFor();
    await dialog.getByText("Professional Details").waitFor();
    await dialog.getByText("Response Time").waitFor();
    await dialog.getByText("Member Since").waitFor();
    expect(await dialog.getByRole("tab", { name: "Info" }).getAttribute("aria-selected")).toBe("true");
    expect(await dialog.getByRole("button", { name: "Delete profile" }).count()).toBe(0);
    expect(await dialog.getByRole("link", { name: "Book Now" }).getAttribute("href")).toBe("/login");

    await dialog.getByRole("tab", { name: "Gallery" }).click();
    const photos = dialog.getByRole("button", { name: /^View photo/ });
    await photos.first().waitFor();
    expect(await photos.count()).toBeGreaterThan(0);
    await e2e.screenshot(page, "discovery-modal-gallery");

    const photoName = (await photos.first().getAttribute("aria-label"))!.replace("View photo: ", "");
    await photos.first().click();
    const viewer = page.getByRole("dialog", { name: photoName });
    await viewer.waitFor();
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("lets the owner delete their listing from the dialog, and the list reloads without it", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/login");
    await page.getByLabel("Username").fill("maria_santos");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/profile/list");
    await settled(page);
    await page.getByRole("article", { name: "Maria Santos" }).getByRole("button", { name: "View Profile" }).click();

    const dialog = page.getByRole("dialog", { name: "Maria Santos" });
    await dialog.getByRole("button", { name: "Delete profile" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Profile" });
    await confirm.getByText("Are you sure you want to delete this profile? This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });

    await dialog.getByRole("button", { name: "Delete profile" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await cardNames(page)).length).toBe(19);
    expect(await cardNames(page)).not.toContain("Maria Santos");
    await context.close();
  });
});
