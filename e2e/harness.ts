import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { TIME_ZONE } from "@vam/shared";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { seedDemoData } from "../apps/server/src/seed/demo.js";
import { DEFAULT_WEB_DIST, startServer, type RunningServer } from "../apps/server/src/server.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../apps/server/test/helpers/chromium.js";

export { CHROMIUM_ARGS };

export interface E2E {
  server: RunningServer;
  baseUrl: string;
  browser: Browser;
  /**
   * A fresh browser context (its own storage) and page. The browser is in Manila unless `timezoneId`
   * says otherwise (a client abroad sees a second clock beside Manila's: decisions.md, "Time zones").
   */
  newPage(options?: { timezoneId?: string }): Promise<{ context: BrowserContext; page: Page }>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** The real product: built web app, server and an embedded database, in a headless Chromium. */
export async function startE2E(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<E2E> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-e2e-"));
  const config = {
    // Many sign-ins from one address within a minute: the limit itself is covered by the API tests.
    ...loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      ...options.env,
    }),
    // E2E_WEB_DIST: a build of one's own (several people building at once on one machine).
    webDist: process.env.E2E_WEB_DIST ?? DEFAULT_WEB_DIST,
  };
  const database = await openDatabase({});
  if (options.seed) await seedDemoData(database.db, config);
  const server = await startServer(config, database);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const shotsDir = path.resolve("test-results", "screenshots");

  return {
    server,
    baseUrl: server.url,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, timezoneId: TIME_ZONE, ...options });
      const page = await context.newPage();
      // A page that arrives drawn (/home, /profile/list, a profile: decisions 0021 and 0030) is the
      // HTML until the app's code is ready, then React draws it again: a test acts on the app's page.
      const goto = page.goto.bind(page);
      page.goto = async (url, gotoOptions) => {
        const response = await goto(url, gotoOptions);
        if (gotoOptions?.waitUntil !== "commit") await appStarted(page);
        return response;
      };
      return { context, page };
    },
    async screenshot(page, name) {
      await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
    },
    async close() {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Once the app has taken over a page that arrived drawn with its content (`<div id="root"
 * data-page>`): its root's providers have added the music player. Other pages return at once.
 */
export async function appStarted(page: Page): Promise<void> {
  if ((await page.locator("#root[data-page]").count()) === 0) return;
  await page.locator("audio").waitFor({ state: "attached" });
}
