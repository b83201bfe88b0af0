import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { DEFAULT_WEB_DIST } from "../apps/server/src/server.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";

/**
 * Issue 33, point 3 (decision 0023): the app installs (a valid manifest with its icons, a service
 * worker that activates), shows its offline page when the network is cut, works again once it is
 * back, and a new build's page and worker are what the next visit gets.
 *
 * The server serves a copy of the build, so that a test can change it as a deploy would.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let e2e: E2E;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "vam-e2e-pwa-web-"));
  await cp(process.env.E2E_WEB_DIST ?? DEFAULT_WEB_DIST, dist, { recursive: true });
  process.env.E2E_WEB_DIST = dist;
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  await rm(dist, { recursive: true, force: true });
});

/** A fresh visitor's browser (service workers allowed), its policy violations recorded. */
async function visitor(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport, serviceWorkers: "allow", isMobile: viewport === PHONE });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return { context, page: await context.newPage() };
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Opens /profile/list and waits for the service worker to be active and in control of the page. */
async function installed(page: Page) {
  await page.goto("/profile/list", { waitUntil: "load" });
  await page.getByRole("heading", { name: "Browse Assistants" }).waitFor();
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // Ready once it is the active worker; activated once it has done its activation's work.
    const active = registration.active!;
    while (active.state === "activating") await new Promise((resolve) => active.addEventListener("statechange", resolve, { once: true }));
    return { scope: registration.scope, script: registration.active?.scriptURL, state: registration.active?.state };
  });
  expect(worker).toEqual({ scope: `${e2e.baseUrl}/`, script: `${e2e.baseUrl}/sw.js`, state: "activated" });
  // It takes over the page that registered it (no second visit needed).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every address in the page's caches (the worker's). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe("the manifest", () => {
  it("is linked from every page, parses as Chromium reads it, and its icons are the sizes it says", async () => {
    for (const address of ["/", "/home", "/profile/list", "/bookings", "/index.html"]) {
      const html = await (await fetch(`${e2e.baseUrl}${address}`)).text();
      expect(html, address).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html, address).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
      expect(html, address).toContain('<meta name="theme-color" content="#020617"');
    }

    const response = await fetch(`${e2e.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "VA Marketplace", start_url: "/", display: "standalone", theme_color: "#020617" });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.background_color).toBe("#020617");
    const purposes = (purpose = "any") => purpose.split(" ");
    expect(manifest.icons.filter((icon) => purposes(icon.purpose).includes("any")).map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    expect(manifest.icons.some((icon) => purposes(icon.purpose).includes("maskable"))).toBe(true);
    for (const icon of [...manifest.icons, { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" }]) {
      const file = await fetch(`${e2e.baseUrl}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get("content-type"), icon.src).toBe(icon.type);
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toEqual({ width, height });
    }

    // Chromium's own reading of it: no error, the same fields, and nothing in the way of installing.
    const { context, page } = await visitor(DESKTOP);
    await installed(page);
    const cdp = await context.newCDPSession(page);
    const read = await cdp.send("Page.getAppManifest");
    expect(read.url).toBe(`${e2e.baseUrl}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    expect(read.parsed?.scope).toBe(`${e2e.baseUrl}/`);
    expect(JSON.parse(read.data ?? "{}")).toMatchObject({ name: "VA Marketplace" });
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    console.log(`Chromium's installability errors: ${JSON.stringify(installabilityErrors)}`);
    // Playwright's contexts are incognito-like, which Chromium never offers to install from.
    expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("the service worker", () => {
  it("registers and activates on a first visit within the Content-Security-Policy, and caches no API answer", async () => {
    const { context, page } = await visitor(DESKTOP);
    await installed(page);
    const response = await fetch(`${e2e.baseUrl}/sw.js`);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toMatch(/javascript/);

    // The frame and the offline page are precached; a page's own code is cached once loaded.
    await page.goto("/home");
    await page.getByRole("heading", { name: "Find a Good Assistant Here" }).waitFor();
    await page.waitForLoadState("networkidle");
    const cached = await cachedUrls(page);
    expect(cached).toContain("/offline.html");
    expect(
      cached.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url)),
      cached.join("\n"),
    ).toBe(true);
    expect(
      cached.some((url) => /^\/assets\/HomePage-[\w-]+\.js$/.test(url)),
      cached.join("\n"),
    ).toBe(true);
    // Never a page, an API answer, the live connection or an upload.
    expect(cached.filter((url) => /^\/(api|socket\.io|uploads)\//.test(url) || !/\.\w+$/.test(url))).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`shows the offline page for a page that cannot be loaded, then the app once the network is back (${name})`, async () => {
      const { context, page } = await visitor(viewport);
      await installed(page);
      const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[type=module][src^='/assets/']")?.src);
      expect(entry).toBeTruthy();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

      await context.setOffline(true);
      await page.goto("/profile/list?skill=design");
      // In the page's place: the address stays the one asked for, so "Try again" asks for it again.
      expect(page.url()).toBe(`${e2e.baseUrl}/profile/list?skill=design`);
      await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
      expect(await page.title()).toBe("You are offline · VA Marketplace");
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
      expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
      const tryAgain = page.getByRole("button", { name: "Try again" });
      expect(await tryAgain.isVisible()).toBe(true);
      // Styled as the app (its stylesheet is inlined), and no script of the app on it.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
      expect(await page.locator("script[type=module]").count()).toBe(0);
      await e2e.screenshot(page, `offline-${name}`);
      expect(await cspViolations(page)).toEqual([]);
      // (After the policy's check: axe is put into the page by a script tag, which the policy refuses.)
      await expectNoSeriousA11yViolations(page);
      // The app's frame still comes from the worker's cache without the network.
      expect(await page.evaluate((url) => fetch(url!).then((response) => response.status), entry)).toBe(200);

      // "Try again" loads the page again (still offline: the offline page again).
      const reloaded = page.waitForEvent("framenavigated");
      await tryAgain.click();
      await reloaded;
      await page.waitForLoadState("load");
      await page.getByRole("heading", { name: "You are offline" }).waitFor();

      // Back online, the page loads itself again: the app, not the offline page.
      await context.setOffline(false);
      await page.getByRole("heading", { name: "Browse Assistants" }).waitFor({ timeout: 20_000 });
      await page.goto("/home");
      await page.getByRole("heading", { name: "Find a Good Assistant Here" }).waitFor();
      expect(await cspViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("gives the next visit a new build's page and worker, never a stale page", async () => {
    const { context, page } = await visitor(DESKTOP);
    // Chromium's view of the worker's versions: each one's id and state.
    const cdp = await context.newCDPSession(page);
    const activated = new Set<string>();
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const version of versions) if (version.status === "activated") activated.add(version.versionId);
    });
    await cdp.send("ServiceWorker.enable");
    await installed(page);
    await expect.poll(() => activated.size).toBe(1);
    await page.goto("/home");
    await page.getByRole("heading", { name: "Find a Good Assistant Here" }).waitFor();
    expect(await page.locator('meta[name="build"]').count()).toBe(0);

    // A deploy: the page's HTML and the worker change on the server.
    const deploy = async (file: string, change: (text: string) => string) => {
      const text = change(await readFile(path.join(dist, file), "utf8"));
      await writeFile(path.join(dist, file), text);
      await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
      await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
    };
    await deploy("shells/home.html", (html) => html.replace("</head>", '<meta name="build" content="second" /></head>'));
    await deploy("sw.js", (script) => `${script}\n// the second build\n`);

    // The next visit, still under the old worker: the new page, from the network.
    await page.goto("/home");
    expect(await page.locator('meta[name="build"]').getAttribute("content")).toBe("second");
    await page.getByRole("heading", { name: "Find a Good Assistant Here" }).waitFor();

    // The browser finds the new worker (sw.js is asked for again, never taken from a cache), which
    // takes over by itself: no prompt, no second reload needed.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => activated.size, { timeout: 15_000 }).toBe(2);
    await page.reload();
    expect(await page.locator('meta[name="build"]').getAttribute("content")).toBe("second");
    await page.getByRole("heading", { name: "Find a Good Assistant Here" }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
    await context.close();
  });
});
