import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MSG, weekdayAhead } from "@vam/shared";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";

/*
 * Issue 13 on the pages (decisions.md, "Search"): suggestions while typing (a WAI-ARIA combobox),
 * the skills and "available on" filters, the words a search ignored and the marks on the cards,
 * against the real server and the demo data.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The second weekday from today: the demo's Maria Santos has a confirmed morning booking then (seed/demo-bookings.ts). */
const mariaBookedDay = () => weekdayAhead(2);

const cardNames = (page: Page) => page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();

/** The list once the results for the current address are shown. */
async function settled(page: Page) {
  await page.getByRole("button", { name: "View Profile" }).or(page.getByText("No matches found")).first().waitFor();
}

async function axeBothSizes(page: Page) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

describe("search that finds what people mean", () => {
  it("finds the assistant meant by a misspelled name: a suggestion picked by keyboard, a skill and a date, then opens them", async () => {
    const { page, context } = await e2e.newPage();
    const suggestRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/profiles/suggest") suggestRequests.push(`${url.searchParams.get("field")}:${url.searchParams.get("q")}`);
    });
    await page.goto("/profile/list");
    await settled(page);

    const name = page.getByRole("combobox", { name: "Name" });
    await name.click();
    await name.pressSequentially("Garbiel", { delay: 20 });
    const list = page.getByRole("listbox", { name: "Suggested people" });
    await list.waitFor();
    expect(await name.getAttribute("aria-expanded")).toBe("true");
    expect(await name.getAttribute("aria-controls")).toBe(await list.getAttribute("id"));
    expect(await list.getByRole("option").allTextContents()).toContain("Gabriel");
    // Typing without a pause asks once for what was typed, not once a letter.
    expect(suggestRequests.at(-1)).toBe("name:Garbiel");
    expect(suggestRequests.length).toBeLessThanOrEqual(2);
    await axeBothSizes(page);
    await e2e.screenshot(page, "search-suggestions");

    // The keyboard alone: down to "Gabriel", Enter fills the field and searches nothing yet.
    const gabrielIndex = (await list.getByRole("option").allTextContents()).indexOf("Gabriel");
    for (let step = 0; step <= gabrielIndex; step++) await page.keyboard.press("ArrowDown");
    const gabriel = list.getByRole("option", { name: "Gabriel", exact: true });
    expect(await name.getAttribute("aria-activedescendant")).toBe(await gabriel.getAttribute("id"));
    expect(await gabriel.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await name.inputValue()).toBe("Gabriel");
    await list.waitFor({ state: "hidden" });
    expect(await name.getAttribute("aria-expanded")).toBe("false");
    expect(new URL(page.url()).search).toBe("");

    // Skill SEO (Gabriel's), and a weekday morning.
    const skills = page.getByRole("button", { name: /^Skills/ });
    await skills.click();
    const panel = page.getByRole("group", { name: "Skills" });
    await panel.getByRole("checkbox", { name: "SEO" }).check();
    await axeBothSizes(page);
    await e2e.screenshot(page, "search-skills-open");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await skills.textContent()).toBe("SEO");
    const day = mariaBookedDay();
    await page.getByLabel("Available on").fill(day);
    await page.getByRole("combobox", { name: "Time" }).selectOption("Morning");
    await axeBothSizes(page);
    await e2e.screenshot(page, "search-filters-set");

    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(`**/profile/list?userName=Gabriel&skills=SEO&date=${day}&slot=Morning`);
    await settled(page);
    expect(await cardNames(page)).toEqual(["Gabriel Ocampo"]);
    const card = page.getByRole("article", { name: "Gabriel Ocampo" });
    expect(await card.getByRole("heading", { level: 2 }).locator("mark").allTextContents()).toEqual(["Gabriel"]);
    // The filters show what the address holds.
    expect(await skills.textContent()).toBe("SEO");
    expect(await page.getByLabel("Available on").inputValue()).toBe(day);
    expect(await page.getByRole("combobox", { name: "Time" }).inputValue()).toBe("Morning");
    await axeBothSizes(page);
    await e2e.screenshot(page, "search-filtered-results");

    await card.getByRole("button", { name: "View Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Gabriel Ocampo" });
    await dialog.waitFor();
    await dialog.getByText("SEO").first().waitFor();
    await context.close();
  });

  it("leaves out an assistant booked at the chosen time, or without the chosen skill", async () => {
    const { page, context } = await e2e.newPage();
    const day = mariaBookedDay();
    await page.goto("/profile/list?userName=Maria+Santos");
    await settled(page);
    expect(await cardNames(page)).toContain("Maria Santos");

    await page.getByLabel("Available on").fill(day);
    await page.getByRole("combobox", { name: "Time" }).selectOption("Morning");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(`**/profile/list?userName=Maria+Santos&date=${day}&slot=Morning`);
    await settled(page);
    expect(await cardNames(page)).not.toContain("Maria Santos");

    // Free that afternoon.
    await page.getByRole("combobox", { name: "Time" }).selectOption("Afternoon");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(`**/profile/list?userName=Maria+Santos&date=${day}&slot=Afternoon`);
    await settled(page);
    expect(await cardNames(page)).toContain("Maria Santos");

    // Maria writes, markets and does SEO; she is not in Wellness.
    await page.getByRole("button", { name: /^Skills/ }).click();
    await page.getByRole("checkbox", { name: "Wellness" }).check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(`**/profile/list?userName=Maria+Santos&skills=Wellness&date=${day}&slot=Afternoon`);
    await settled(page);
    expect(await cardNames(page)).not.toContain("Maria Santos");
    await context.close();
  });

  it("suggests places, says which words it ignored, and marks what matched on the cards", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/home");
    const where = page.getByRole("combobox", { name: "Where" });
    await where.click();
    await where.pressSequentially("Quezn", { delay: 20 });
    const list = page.getByRole("listbox", { name: "Suggested places" });
    await list.getByRole("option", { name: "Quezon City, Metro Manila" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await e2e.screenshot(page, "search-home-place-suggestions");
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden" });
    expect(await where.inputValue()).toBe("Quezn");

    // "Cty" is too short for a typo: nothing matches every word, so it is dropped and named.
    await where.fill("Quezon Cty");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/profile/list?location=Quezon+Cty");
    await settled(page);
    const note = page.getByRole("status").filter({ hasText: "Nothing matched every word" });
    await note.waitFor();
    const ignored = (await note.textContent())!;
    // Quoted as typed: "Cty", not "cty".
    expect(ignored).toBe(MSG.searchIgnoredWords(["Cty"]));
    const maria = page.getByRole("article", { name: "Maria Santos" });
    await maria.waitFor();
    expect(await maria.locator("mark").allTextContents()).toEqual(["Quezon"]);
    await axeBothSizes(page);
    await context.close();
  });
});
