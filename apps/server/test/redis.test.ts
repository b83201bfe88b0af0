import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { startTestServer, type TestServer } from "./helpers/server.js";

const redisUrl = process.env.REDIS_URL;

// Runs where Redis is configured (.ci/run sets REDIS_URL to this machine's Redis).
describe.runIf(redisUrl)("several instances with Redis", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    const stale = await redis.keys("vam-rate-limit:*");
    if (stale.length) await redis.del(...stale);
    redis.disconnect();
    [a, b] = await Promise.all([
      startTestServer({ REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_MINUTE: "3" }),
      startTestServer({ REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_MINUTE: "3" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("count login attempts together, so a second instance is no way around the limit", async () => {
    const attempt = (server: TestServer) => server.api("POST", "/api/auth/login", { body: { username: "someone", password: "wrong-one" } });
    const statuses = [(await attempt(a)).status, (await attempt(b)).status, (await attempt(a)).status];
    expect(statuses).toEqual([400, 400, 400]);
    const blocked = await attempt(b);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.tooManyAttempts);
  });
});
