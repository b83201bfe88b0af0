import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "./harness.js";
import { logIn, registerViaApi } from "./helpers.js";

/**
 * Issue 31 and defect 10 (decision 0021): the public pages' shells are painted from the HTML itself,
 * before any script has run, with the page's own loading text; React then takes over without
 * moving anything.
 */

let e2e: E2E;
let profileId: string;
/** The name on the first card of /profile/list (the newest listing of the demo data). */
let firstListed: string;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
  profileId = (await registerViaApi(e2e, { username: "shell_assistant", role: "Assistant" })).id;
  const { items } = (await (await fetch(`${e2e.baseUrl}/api/profiles/posts`)).json()) as { items: { firstName: string; lastName: string }[] };
  firstListed = `${items[0]!.firstName} ${items[0]!.lastName}`;
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };

/** What a visitor sees of the frame: the navigation's links, the footer, and the page's loading text (or, on /home, the page itself). */
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
  if (loadingText === HOME_PAGE) {
    // /home's shell is the home page itself: its heading, its hero image, its search.
    expect(await page.getByRole("heading", { level: 1, name: "Find a Good Assistant Here" }).isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: "A virtual assistant working on a laptop" }).isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Search" }).isVisible()).toBe(true);
    expect(await page.getByText("Loading Home Page...").count()).toBe(0);
  } else if (loadingText === LIST_PAGE) {
    // Drawn by the server with its content (decision 0030): the first assistants, avatars and all.
    expect(await page.getByRole("heading", { level: 1, name: "Browse Assistants" }).isVisible()).toBe(true);
    expect(await page.getByRole("article").first().getByRole("heading", { name: firstListed }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole("article")
        .first()
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(await page.getByText("Loading...").count()).toBe(0);
  } else if (loadingText === PROFILE_PAGE) {
    expect(await page.getByRole("heading", { level: 1, name: "Liza Mercado" }).isVisible()).toBe(true);
    expect(await page.getByText("Loading consultant information...").count()).toBe(0);
  } else {
    expect(await page.getByRole("status").getByText(loadingText, { exact: true }).isVisible()).toBe(true);
  }
}

/** Not a loading text: the home page itself, which /home's shell holds. */
const HOME_PAGE = "(the home page)";
/** Not loading texts either: /profile/list and a profile, which the server draws with their content (decision 0030). */
const LIST_PAGE = "(the list of assistants)";
const PROFILE_PAGE = "(the profile)";

/**
 * A visitor's phone-sized page that records its layout shifts, whose requests
 * matching `held` are answered only when released, in that order, as a slow network would.
 * The context's routes: the service worker may answer the page's own requests.
 */
async function slowPage(held: RegExp[]) {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // Each shift with what moved (the element, its box before and after), so a failure names it.
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const shifts: { at: number; text: string }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    const name = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${node.getAttribute("class") ?? ""} "${(node.textContent ?? "").slice(0, 40)}"`
        : String(node?.nodeName);
    const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { value, sources } = entry as PerformanceEntry & { value: number; sources: Source[] };
        const text = sources.map((s) => `${name(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`).join("; ");
        shifts.push({ at: entry.startTime, text: `${value} at ${Math.round(entry.startTime)} ms: ${text}` });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const releases: (() => void)[] = [];
  for (const pattern of held) {
    const gate = new Promise<void>((resolve) => releases.push(resolve));
    await context.route(pattern, async (route) => {
      await gate;
      await route.continue();
    });
  }
  type Recorded = { shifts: { at: number; text: string }[]; shownAt?: number };
  /**
   * From now on, shifts count (`shifts()`): what the take-over moves. Before, the page was still
   * arriving: on a loaded machine Chromium may paint a partly parsed header (seen at a load
   * average of 20: the header's icons, then its "Log in" after them), which is not the take-over's.
   */
  const shown = () => page.evaluate(() => void ((window as unknown as Recorded).shownAt = performance.now()));
  const shifts = () =>
    page.evaluate(() => {
      const { shifts, shownAt = 0 } = window as unknown as Recorded;
      return shifts.filter((shift) => shift.at >= shownAt).map((shift) => shift.text);
    });
  return { context, page, releases, shown, shifts };
}

describe("the first paint before any script", () => {
  it("shows the navigation, the footer and the page's own loading text with every script blocked", async () => {
    const pages: [string, string, string | null][] = [
      ["/home", HOME_PAGE, "first-paint-home-phone"],
      ["/profile/list", LIST_PAGE, "first-paint-profile-list-phone"],
      [`/profile/${profileId}`, PROFILE_PAGE, "first-paint-profile-phone"],
      ["/profile/list?skills=Writing", "Loading...", null],
      ["/book/00000000-0000-4000-8000-000000000000", "Loading consultant information...", null],
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

  it("styles every element of a drawn page with the page's own part of the stylesheet as the whole stylesheet does", async () => {
    // Decision 0031: the HTML holds only the rules the page's classes can use.
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      for (const url of ["/home", "/profile/list", `/profile/${profileId}`]) {
        const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport });
        const page = await context.newPage();
        await page.route("**/*.js", (route) => route.abort());
        await page.goto(url, { waitUntil: "load" });
        const whole = await page.locator("script[data-stylesheet]").getAttribute("data-stylesheet");
        expect(whole, url).toMatch(/^\/assets\/[\w-]+\.css$/);
        const own = await page
          .locator("style")
          .first()
          .evaluate((style) => style.textContent!.length);
        const styles = () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll("body *"), (element) => {
              const computed = getComputedStyle(element);
              const values = Array.from({ length: computed.length }, (_, index) => computed.item(index))
                .map((property) => `${property}:${computed.getPropertyValue(property)}`)
                .join(";");
              return `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} ${values}`;
            }),
          );
        const drawn = await styles();
        await page.addStyleTag({ url: whole! });
        const full = await styles();
        const differing = drawn.filter((style, index) => style !== full[index]).map((style) => style.slice(0, 120));
        expect(differing, `${url} at ${viewport.width}px`).toEqual([]);
        const wholeLength = (await (await fetch(e2e.baseUrl + whole!)).text()).length;
        expect(own, url).toBeLessThan(wholeLength / 2);
        await context.close();
      }
    }
  });

  it("asks for the app's scripts once a drawn page has loaded, and for the whole stylesheet before the app starts", async () => {
    for (const url of ["/home", "/profile/list", `/profile/${profileId}`]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      await page.locator("audio").waitFor({ state: "attached" });
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const first = (pattern: RegExp) => resources.find((entry) => pattern.test(new URL(entry.name).pathname));
        return {
          load: navigation.loadEventStart,
          entryAsked: first(/^\/assets\/index-[\w-]+\.js$/)?.startTime,
          stylesheetDone: first(/^\/assets\/[\w-]+\.css$/)?.responseEnd,
        };
      });
      expect(timing.entryAsked, url).toBeGreaterThanOrEqual(timing.load);
      expect(timing.stylesheetDone, url).toBeLessThanOrEqual(timing.entryAsked!);
      const html = await (await fetch(e2e.baseUrl + url)).text();
      expect(html, url).not.toMatch(/<script type="module"|rel="modulepreload"/);
      await context.close();
    }
  });

  it("preloads /home's hero image with the HTML", async () => {
    const response = await fetch(`${e2e.baseUrl}/home`);
    expect(await response.text()).toMatch(/<link rel="preload" as="image" href="\/hero\.jpg" fetchpriority="high"/);
  });

  it("lets React take over the shell without moving anything, then shows the page", async () => {
    // A search's address gets the generic shell: the server draws only the plain list (decision 0030).
    for (const url of ["/profile/list?skills=Writing"]) {
      // Hold the app's entry script, then the page's own code, as a slow network would.
      const { context, page, releases, shown, shifts } = await slowPage([/\/assets\/index-[\w-]+\.js$/, /\/assets\/ProfileListPage-[\w-]+\.js$/]);
      await page.goto(url, { waitUntil: "commit" });
      await expectShell(page, "Loading...");
      const boxes = () =>
        Promise.all(
          [page.getByRole("banner"), page.getByRole("status"), page.getByRole("contentinfo"), page.getByRole("link", { name: "Sign up" })].map(
            (locator) => locator.boundingBox(),
          ),
        );
      const before = await boxes();
      await shown();
      expect(await page.locator("audio").count()).toBe(0);

      releases[0]!();
      // React's first render (the root's providers add the music player) shows the same frame in the same places.
      await page.locator("audio").waitFor({ state: "attached" });
      await expectShell(page, "Loading...");
      expect(await boxes()).toEqual(before);
      expect(await shifts()).toEqual([]);

      releases[1]!();
      await page.getByRole("status").getByText("Loading...").waitFor({ state: "detached" });
      expect(await page.getByRole("banner").boundingBox()).toEqual(before[0]);
      await context.close();
    }
  });
  it("keeps /profile/list and a profile drawn with their content until the page's code is ready, then React draws the same page over it", async () => {
    const pages: [string, string, RegExp][] = [
      ["/profile/list", LIST_PAGE, /\/assets\/ProfileListPage-[\w-]+\.js$/],
      [`/profile/${profileId}`, PROFILE_PAGE, /\/assets\/OtherProfilePage-[\w-]+\.js$/],
    ];
    for (const [url, content, pageCode] of pages) {
      const { context, page, releases, shown, shifts } = await slowPage([/\/assets\/index-[\w-]+\.js$/, pageCode]);
      await page.goto(url, { waitUntil: "commit" });
      await expectShell(page, content);
      const boxes = () =>
        Promise.all(
          [page.getByRole("banner"), page.getByRole("heading", { level: 1 }), page.locator("main img").first(), page.getByRole("contentinfo")].map(
            (locator) => locator.boundingBox(),
          ),
        );
      const before = await boxes();
      await shown();

      const asked = page.waitForRequest(pageCode);
      releases[0]!();
      await asked;
      // The app's code is running and the page's is on its way: the drawn page stays, no loading text.
      expect(await page.locator("audio").count(), url).toBe(0);
      await expectShell(page, content);

      releases[1]!();
      await page.locator("audio").waitFor({ state: "attached" });
      await expectShell(page, content);
      expect(await boxes(), url).toEqual(before);
      expect(await shifts(), url).toEqual([]);
      await e2e.screenshot(page, `drawn-page-taken-over-${content === LIST_PAGE ? "list" : "profile"}-phone`);
      await context.close();
    }
  });

  it("keeps /home's shell, the home page itself, until the page's code is ready, then React draws the same page over it", async () => {
    const { context, page, releases, shown, shifts } = await slowPage([/\/assets\/index-[\w-]+\.js$/, /\/assets\/HomePage-[\w-]+\.js$/]);
    await page.goto("/home", { waitUntil: "commit" });
    await expectShell(page, HOME_PAGE);
    const boxes = () =>
      Promise.all(
        [
          page.getByRole("banner"),
          page.getByRole("heading", { level: 1 }),
          page.getByRole("img", { name: "A virtual assistant working on a laptop" }),
          page.getByRole("region", { name: "Search" }),
          page.getByRole("contentinfo"),
        ].map((locator) => locator.boundingBox()),
      );
    const before = await boxes();
    await shown();

    // The app's code runs and asks for the home page's: meanwhile the shell stays as it is (no loading text in between).
    const homeAsked = page.waitForRequest(/\/assets\/HomePage-[\w-]+\.js$/);
    releases[0]!();
    await homeAsked;
    expect(await page.locator("audio").count()).toBe(0);
    await expectShell(page, HOME_PAGE);

    releases[1]!();
    // React's first render (the root's providers add the music player) is the home page, in the same places.
    await page.locator("audio").waitFor({ state: "attached" });
    await expectShell(page, HOME_PAGE);
    expect(await boxes()).toEqual(before);
    expect(await shifts()).toEqual([]);
    // And it is the app's now: the search leads to the list.
    await page
      .getByRole("region", { name: "Search" })
      .getByRole("button", { name: /search/i })
      .first()
      .click();
    await page.waitForURL(/\/profile\/list/);
    await context.close();
  });
  it("shows someone signed in their own header at once on /home, not the visitor's shell until the page's code is ready", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE });
    const page = await context.newPage();
    await logIn(page, "shell_assistant");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/HomePage-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/home", { waitUntil: "commit" });
    // The app draws at once over the visitor's shell: the account menu, and the page's loading text while its code is held.
    await page.getByRole("button", { name: "Account menu" }).waitFor();
    expect(await page.getByRole("link", { name: "Log in" }).count()).toBe(0);
    expect(await page.getByRole("status").getByText("Loading Home Page...", { exact: true }).isVisible()).toBe(true);
    release();
    await page.getByRole("heading", { level: 1, name: "Find a Good Assistant Here" }).waitFor();
    await context.close();
  });
});

describe("a drawn page's search before its code (decision 0050)", () => {
  it("keeps what a visitor types into the drawn search, caret and focus, when the app takes the page over", async () => {
    const pageCode = /\/assets\/ProfileListPage-[\w-]+\.js$/;
    const { context, page, releases } = await slowPage([/\/assets\/index-[\w-]+\.js$/, pageCode]);
    await page.goto("/profile/list", { waitUntil: "commit" });
    await expectShell(page, LIST_PAGE);
    const name = page.getByRole("combobox", { name: "Name" });
    // No script has run: the HTML's own field takes the first letters.
    await name.pressSequentially("Mar");
    const asked = page.waitForRequest(pageCode);
    releases[0]!();
    await asked;
    // The app's code runs, the page's is on its way: still the drawn field, which takes more.
    expect(await page.locator("audio").count()).toBe(0);
    await name.pressSequentially("ia");
    releases[1]!();
    // React's first render over the drawn page (the music player is the app's) draws the page with it.
    await page.locator("audio").waitFor({ state: "attached" });
    // The app's field holds all of it, has the focus, and goes on where the caret was.
    expect(await name.inputValue()).toBe("Maria");
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    await name.press("ArrowLeft");
    await name.pressSequentially("n");
    expect(await name.inputValue()).toBe("Marina");
    await page.getByRole("combobox", { name: "Where" }).fill("Cebu");
    await page.getByRole("search", { name: "Search assistants" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("userName") === "Marina" && url.searchParams.get("location") === "Cebu");
    await context.close();
  });

  it("searches from the drawn /home with every script blocked: the form goes to the list's address by itself", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE });
    const page = await context.newPage();
    await page.route("**/*.js", (route) => route.abort());
    await page.goto("/home", { waitUntil: "load" });
    await expectShell(page, HOME_PAGE);
    const first = firstListed.split(" ")[0]!;
    await page.getByRole("combobox", { name: "Name" }).fill(first);
    await page.getByRole("combobox", { name: "Name" }).press("Enter");
    await page.waitForURL((url) => url.pathname === "/profile/list" && url.searchParams.get("userName") === first);
    // With its scripts, that address shows the search's answer.
    await page.unroute("**/*.js");
    await page.reload();
    await page
      .getByRole("article")
      .first()
      .getByRole("heading", { name: new RegExp(first) })
      .waitFor();
    expect(await page.getByRole("combobox", { name: "Name" }).inputValue()).toBe(first);
    await context.close();
  });
});
