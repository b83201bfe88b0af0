import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Decision 0023: the installable app's files as the server sends them. A web build as `vite build`
 * leaves it: the service worker (with its .br and .gz copies), the manifest and its icons, the
 * offline page.
 */
const WORKER = `(function(){${"self.addEventListener('fetch',()=>{});".repeat(40)}})();\n`;
const MANIFEST = JSON.stringify({ name: "VA Marketplace", start_url: "/", display: "standalone", icons: [] });
const INDEX = `<!doctype html><html lang="en"><head><title>VA Marketplace</title></head><body><div id="root"></div></body></html>`;

let dist: string;
let withWorker: TestServer;
/** The same build without a service worker (an older build). */
let withoutWorker: TestServer;
let bare: string;

async function write(root: string, file: string, content: string | Buffer) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "vam-web-pwa-"));
  await write(dist, "index.html", INDEX);
  await write(dist, "sw.js", WORKER);
  await write(dist, "sw.js.br", brotliCompressSync(WORKER));
  await write(dist, "sw.js.gz", gzipSync(WORKER));
  await write(dist, "manifest.webmanifest", MANIFEST);
  await write(dist, "icon-192.png", Buffer.from("89504e470d0a1a0a", "hex"));
  await write(dist, "offline.html", INDEX.replace('<div id="root"></div>', "<h1>You are offline</h1>"));
  bare = await mkdtemp(path.join(tmpdir(), "vam-web-pwa-bare-"));
  await write(bare, "index.html", INDEX);
  withWorker = await startTestServer({}, { webDist: dist });
  withoutWorker = await startTestServer({}, { webDist: bare });
});
afterAll(async () => {
  await withWorker?.close();
  await withoutWorker?.close();
  await rm(dist, { recursive: true, force: true });
  await rm(bare, { recursive: true, force: true });
});

const get = (server: TestServer, url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

describe("the installable app's files", () => {
  it("sends the service worker from the root as JavaScript, revalidated on every visit, compressed", async () => {
    const response = await get(withWorker, "/sw.js", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(WORKER);
    // Registered from the root: it needs no Service-Worker-Allowed header to control every page.
    expect(response.headers["service-worker-allowed"]).toBeUndefined();
    const plain = await get(withWorker, "/sw.js");
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(plain.body).toBe(WORKER);
  });

  it("allows the worker and the manifest under the present Content-Security-Policy", async () => {
    const response = await get(withWorker, "/home");
    const policy = String(response.headers["content-security-policy"]);
    // worker-src and manifest-src fall back to default-src: the site's own files only, as for scripts.
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/worker-src|manifest-src/);
    expect(policy).not.toContain("unsafe-eval");
  });

  it("sends the manifest as application/manifest+json", async () => {
    const response = await get(withWorker, "/manifest.webmanifest");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.json()).toMatchObject({ name: "VA Marketplace", start_url: "/", display: "standalone" });
  });

  it("sends the icons and the offline page as files", async () => {
    const icon = await get(withWorker, "/icon-192.png");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    const offline = await get(withWorker, "/offline.html");
    expect(offline.statusCode).toBe(200);
    expect(offline.headers["content-type"]).toMatch(/^text\/html/);
    expect(offline.body).toContain("You are offline");
  });

  it("answers /sw.js with a 404 in a build without a worker, not with a page", async () => {
    const response = await get(withoutWorker, "/sw.js");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    // Every other address is still a page.
    expect((await get(withoutWorker, "/home")).headers["content-type"]).toMatch(/^text\/html/);
  });
});
