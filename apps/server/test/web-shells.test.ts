import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * A web build with its page shells (decision 0021) as apps/web's prerender writes them: one HTML
 * per shell in shells/, each with its .br and .gz copies, and shells/routes.json naming which
 * addresses get which (the routes as the build writes them from apps/web/src/shell/shell-routes.ts).
 */
const page = (text: string) =>
  `<!doctype html><html lang="en"><head><title>VA Marketplace</title></head><body><div id="root"><nav aria-label="Main"></nav><p>${text}</p></div>${"<!-- padding -->".repeat(50)}</body></html>`;
const SHELLS = {
  home: page("Loading Home Page..."),
  consultant: page("Loading consultant information..."),
  bookings: page("Loading bookings..."),
  page: page("Loading..."),
};
const ROUTES = {
  routes: [
    { pattern: "^\\/(home)?$", file: "shells/home.html" },
    { pattern: "^\\/(profile\\/(?!list$|update$)[^/]+|book\\/[^/]+)$", file: "shells/consultant.html" },
    { pattern: "^\\/bookings(\\/[^/]+)?$", file: "shells/bookings.html" },
  ],
  fallback: "shells/page.html",
};

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "vam-web-shells-"));
  await mkdir(path.join(dist, "shells"), { recursive: true });
  await writeFile(path.join(dist, "index.html"), page("index.html, not a shell"));
  for (const [name, html] of Object.entries(SHELLS)) {
    const file = path.join(dist, "shells", `${name}.html`);
    await writeFile(file, html);
    await writeFile(`${file}.br`, brotliCompressSync(html));
    await writeFile(`${file}.gz`, gzipSync(html));
  }
  await writeFile(path.join(dist, "shells", "routes.json"), JSON.stringify(ROUTES));
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

describe("the page shells painted before any script", () => {
  it("sends each page address its own shell, brotli-compressed as built, revalidated on every visit", async () => {
    const expected: [string, string][] = [
      ["/home", "Loading Home Page..."],
      ["/home/", "Loading Home Page..."],
      ["/", "Loading Home Page..."],
      ["/profile/c7568454-8149-431d-9241-bc4d718141f7", "Loading consultant information..."],
      ["/book/c7568454-8149-431d-9241-bc4d718141f7?from=profile", "Loading consultant information..."],
      ["/bookings", "Loading bookings..."],
      ["/bookings/42", "Loading bookings..."],
      ["/profile/list", "Loading..."],
      ["/profile/update", "Loading..."],
      ["/settings", "Loading..."],
      ["/no/such/page", "Loading..."],
    ];
    for (const [url, text] of expected) {
      const response = await get(url, { "accept-encoding": "gzip, deflate, br" });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain(`<p>${text}</p>`);
    }
  });

  it("sends the gzip copy to a browser without brotli, and the shell itself to one accepting neither", async () => {
    const gzipped = await get("/bookings", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SHELLS.bookings);
    const plain = await get("/bookings");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SHELLS.bookings);
  });

  it("still answers a missing API or asset address with a 404, not a shell", async () => {
    for (const url of ["/api/no-such-route", "/assets/missing-Ab12.js"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("Loading");
    }
  });
});
