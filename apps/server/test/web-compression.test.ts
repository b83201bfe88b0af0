import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * A web build as `vite build` leaves it: every compressible file with its .br and .gz copy beside
 * it (the copies are marked so that the test sees which one was sent).
 */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(",")}];\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>VA Marketplace</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

let dist: string;
let server: TestServer;

async function writeBuilt(file: string, content: string) {
  const full = path.join(dist, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, content);
  await writeFile(`${full}.br`, brotliCompressSync(`${content}/* br */`));
  await writeFile(`${full}.gz`, gzipSync(`${content}/* gz */`));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "vam-web-dist-"));
  await writeBuilt("index.html", INDEX);
  await writeBuilt("assets/index-Ab12Cd34.js", SCRIPT);
  // A file the build did not compress (too small): served as it is.
  await writeFile(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

describe("the built web app's files", () => {
  it("sends the brotli copy of a script to a browser that accepts brotli, cached for good", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${SCRIPT}/* br */`);
  });

  it("sends the gzip copy when only gzip is accepted", async () => {
    const response = await get("/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(`${SCRIPT}/* gz */`);
  });

  it("sends the file itself when no encoding is accepted, still varying by Accept-Encoding", async () => {
    const response = await get("/assets/index-Ab12Cd34.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it("sends index.html compressed for a page address, revalidated on every visit", async () => {
    for (const url of ["/home", "/profile/list", "/index.html"]) {
      const response = await get(url, { "accept-encoding": "br" });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(`${INDEX}/* br */`);
    }
  });

  it("serves a file without compressed copies as it is, cached for an hour", async () => {
    const response = await get("/favicon.svg", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 404 with a message for a missing hashed file instead of the page", async () => {
    const response = await get("/assets/index-OldHash1.js", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: "Not found" });
  });
});

describe("the API's answers", () => {
  it("are brotli-compressed above 1 KB when the client accepts it, and plain otherwise", async () => {
    const me = await signUp(server);
    const bio = "Bookkeeping, research and customer support for small online shops. ".repeat(25).trim();
    const updated = await server.api("PUT", `/api/users/${me.user.id}`, {
      token: me.token,
      body: {
        username: me.user.username,
        email: me.user.email,
        firstName: me.user.firstName,
        lastName: me.user.lastName,
        skills: me.user.skills,
        location: me.user.location,
        experience: me.user.experience,
        availability: me.user.availability,
        bio,
      },
    });
    expect(updated.status).toBe(200);
    const auth = { authorization: `Bearer ${me.token}` };

    const br = await get("/api/users/verify", { ...auth, "accept-encoding": "gzip, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(bio.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).user.bio).toBe(bio);

    const gzip = await get("/api/users/verify", { ...auth, "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).user.bio).toBe(bio);

    const plain = await get("/api/users/verify", auth);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json().user.bio).toBe(bio);
  });

  it("leaves small answers uncompressed", async () => {
    const response = await get("/api/health", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it("does not inflate compressed request bodies", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ username: "nobody", password: "secret123" })),
    });
    // Read as it came (not JSON): inflated, it would have been a sign-in attempt (401).
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.invalidJson });
  });
});
