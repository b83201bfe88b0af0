import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "./harness.js";
import { registerViaApi } from "./helpers.js";

/**
 * Issue 31 and defect 10 (decision 0021): the public pages' shells are painted from the HTML itself,
 * before any script has run, with the page's own loading text; React then takes over without
 * moving anything.
 */

let e2e: E2E;
let profileId: string;
beforeAll(async () => {
  e2e = await startE2E();
  profileId = (await registerViaApi(e2e, { username: "shell_assistant", role: "Assistant" })).id;
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };

/** What a visitor sees of the frame: the navigation's links, the footer, the page's loading text. */
async function expectShell(page: Page, loadingText: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.waitFor();
  for (const name of ["VA Marketplace home", "Browse assistants", "Log in", "Sign up"]) {
    expect(await nav.getByRole("link", { name }).isVisible(), name).toBe(true);
  }
  // (The harness's browser lets the app start the music by itself once its code runs.)
  expect(await page.getByRole("button", { name: /^(Play|Pause) music$/ }).isVisible()).toBe(true);
  const footer = page.getByRole("contentinfo");
  expect(await footer.isVisible()).toBe(true);
  expect(await footer.getByRole("link", { name: "Find assistants" }).isVisible()).toBe(true);
  expect(await page.getByRole("status").getByText(loadingText, { exact: true }).isVisible()).toBe(true);
}

describe("the first paint before any script", () => {
  it("shows the navigation, the footer and the page's own loading text with every script blocked", async () => {
    const pages: [string, string, string | null][] = [
      ["/home", "Loading Home Page...", "first-paint-home-phone"],
      ["/profile/list", "Loading...", "first-paint-profile-list-phone"],
      [`/profile/${profileId}`, "Loading consultant information...", null],
      ["/bookings", "Loading bookings...", null],
      ["/chat", "Loading chat...", null],
      ["/notifications", "Loading notifications...", null],
    ];
    for (const [url, loadingText, shot] of pages) {
      const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE });
      const page = await context.newPage();
      let blocked = 0;
      await page.route("**/*.js", (route) => {
        blocked++;
        return route.abort();
      });
      await page.goto(url, { waitUntil: "load" });
      await expectShell(page, loadingText);
      expect(blocked, url).toBeGreaterThan(0);
      // The stylesheet comes with the HTML: no request stands between it and the first paint.
      expect(await page.locator("link[rel=stylesheet]").count(), url).toBe(0);
      if (shot) await e2e.screenshot(page, shot);
      await context.close();
    }
  });

  it("preloads /home's hero image with the HTML", async () => {
    const response = await fetch(`${e2e.baseUrl}/home`);
    expect(await response.text()).toMatch(/<link rel="preload" as="image" href="\/hero\.jpg" fetchpriority="high"/);
  });

  it("lets React take over the shell without moving anything, then shows the page", async () => {
    for (const url of ["/home", "/profile/list"]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      // Hold the app's entry script, then the page's own code, as a slow network would.
      const releases: (() => void)[] = [];
      const hold = (pattern: RegExp) => {
        const held = new Promise<void>((resolve) => releases.push(resolve));
        return page.route(pattern, async (route) => {
          await held;
          await route.continue();
        });
      };
      await hold(/\/assets\/index-[\w-]+\.js$/);
      await hold(/\/assets\/(HomePage|ProfileListPage)-[\w-]+\.js$/);
      await page.goto(url, { waitUntil: "commit" });
      await expectShell(page, url === "/home" ? "Loading Home Page..." : "Loading...");
      const boxes = () =>
        Promise.all(
          [page.getByRole("banner"), page.getByRole("status"), page.getByRole("contentinfo"), page.getByRole("link", { name: "Sign up" })].map(
            (locator) => locator.boundingBox(),
          ),
        );
      const before = await boxes();
      expect(await page.locator("audio").count()).toBe(0);

      releases[0]!();
      // React's first render (the root's providers add the music player) shows the same frame in the same places.
      await page.locator("audio").waitFor({ state: "attached" });
      await expectShell(page, url === "/home" ? "Loading Home Page..." : "Loading...");
      expect(await boxes()).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

      releases[1]!();
      await page
        .getByRole("status")
        .getByText(url === "/home" ? "Loading Home Page..." : "Loading...")
        .waitFor({ state: "detached" });
      expect(await page.getByRole("banner").boundingBox()).toEqual(before[0]);
      await context.close();
    }
  });
});
