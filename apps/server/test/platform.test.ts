import { spawnSync } from "node:child_process";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { ConfigError, loadConfig } from "../src/config.js";
import { startServer } from "../src/server.js";
import { openTestDatabase } from "./helpers/database.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0", databaseUrl: undefined, redisUrl: undefined });
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.s3).toBeUndefined();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ REDIS_URL: "::::" }, "REDIS_URL"],
    [{ SESSION_TTL_HOURS: "-1" }, "SESSION_TTL_HOURS"],
    // Web push's keys: base64url of a P-256 key's length, and both or neither.
    [{ VAPID_PUBLIC_KEY: "not a key", VAPID_PRIVATE_KEY: Buffer.alloc(32, 1).toString("base64url") }, "VAPID_PUBLIC_KEY"],
    [
      { VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString("base64url"), VAPID_PRIVATE_KEY: Buffer.alloc(31, 1).toString("base64url") },
      "VAPID_PRIVATE_KEY",
    ],
    [{ VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString("base64url") }, "set both"],
    [{ VAPID_SUBJECT: "someone" }, "VAPID_SUBJECT"],
  ])("names the bad variable in %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it("reads a VAPID key pair, and none where both are empty", () => {
    const pair = { VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString("base64url"), VAPID_PRIVATE_KEY: Buffer.alloc(32, 1).toString("base64url") };
    expect(loadConfig(pair).vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(loadConfig({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: " " }).vapid).toBeUndefined();
  });

  it("reads S3 settings with the default region", () => {
    const config = loadConfig({ S3_BUCKET: "va-uploads", S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(config.s3).toMatchObject({ bucket: "va-uploads", region: "ap-southeast-2", endpoint: "http://127.0.0.1:9000" });
  });

  it("stops start-up with a message naming the bad value", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/index.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
  });
});

describe("HTTP hygiene", () => {
  it("answers health when the database does", async () => {
    const { status, body } = await server.api("GET", "/api/health");
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
  });

  it("sends security headers with a strict Content-Security-Policy", async () => {
    const { headers } = await server.api("GET", "/api/health");
    const csp = headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    // Also on a 404 and on a refused input: every answer carries them.
    for (const url of ["/api/nothing-here", "/api/profiles/posts?limit=abc"]) {
      const answer = await server.api("GET", url);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get("content-security-policy")).toBe(csp);
      expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("refuses a body over the limit with 413 and a message", async () => {
    const { status, body } = await server.api("POST", "/api/auth/login", {
      body: { username: "x".repeat(2 * 1024 * 1024), password: "y" },
    });
    expect(status).toBe(413);
    expect(body.message).toBe(MSG.bodyTooLarge);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { status, body } = await server.api("GET", "/api/nothing-here");
    expect(status).toBe(404);
    expect(body.message).toBe(MSG.notFound);
  });
});

describe("web app and shutdown", () => {
  it("serves the web app's index.html for client routes but not for API paths", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), "vam-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>VA</title><div id=root></div>");
    await writeFile(path.join(dist, "assets", "app-123.js"), "console.log(1)");
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-data-"));
    const config = { ...loadConfig({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" }), webDist: dist };
    const web = await startServer(config, await openTestDatabase());
    try {
      for (const route of ["/", "/home", "/chat/123", "/bookings/abc", "/profile/list?userName=ana"]) {
        const response = await fetch(web.url + route);
        expect(response.status, route).toBe(200);
        expect(await response.text()).toContain("<div id=root>");
      }
      const asset = await fetch(`${web.url}/assets/app-123.js`);
      expect(asset.headers.get("cache-control")).toContain("immutable");
      const api = await fetch(`${web.url}/api/unknown`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: MSG.notFound });
    } finally {
      await web.close();
    }
  });

  it("finishes a request in flight when shutting down, then refuses new connections", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-data-"));
    const config = loadConfig({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const running = await startServer(config, await openTestDatabase());
    const port = new URL(running.url).port;
    const body = JSON.stringify({ username: "nobody_at_all", password: "whatever1" });

    const answered = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/auth/login",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      request.on("error", reject);
      // Half the body now, the rest after shutdown has begun.
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = running.close();
    expect(await answered).toBe(400);
    await closed;
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
  });
});
