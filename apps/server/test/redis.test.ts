import { connect, createServer, type Server, type Socket } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { freePort } from "./helpers/balancer.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { connectSocket, settle, type TestSocket } from "./helpers/sockets.js";

const redisUrl = process.env.REDIS_URL;

// Runs where Redis is configured (.ci/run sets REDIS_URL to this machine's Redis).
describe.runIf(redisUrl)("several instances with Redis", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // A Redis database of their own: the other test files' servers run at the same time with the
    // same Redis and count their own logins from 127.0.0.1 (rate-limit keys live in a database;
    // socket.io's publish/subscribe does not, so the instances still hear each other).
    const ownDatabase = new URL(redisUrl!);
    ownDatabase.pathname = "/7";
    const redis = new Redis(ownDatabase.href);
    const stale = await redis.keys("vam-rate-limit:*");
    if (stale.length) await redis.del(...stale);
    redis.disconnect();
    [a, b] = await Promise.all([
      startTestServer({ REDIS_URL: ownDatabase.href, AUTH_RATE_LIMIT_PER_MINUTE: "3" }),
      startTestServer({ REDIS_URL: ownDatabase.href, AUTH_RATE_LIMIT_PER_MINUTE: "3" }),
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

describe.runIf(redisUrl)("an instance started while Redis is away", () => {
  const upstream = new URL(redisUrl ?? "redis://127.0.0.1:6379");
  let proxy: Server | undefined;
  const connections = new Set<Socket>();
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let socket: TestSocket | undefined;
  afterAll(async () => {
    socket?.close();
    await Promise.all([a?.close(), b?.close()]);
    for (const connection of connections) connection.destroy();
    proxy?.close();
  });

  it("hears the other instances once Redis is back, after an outage longer than ioredis' 20 retries", async () => {
    // Redis is reached through a proxy that is not listening yet: every connection is refused.
    const port = await freePort();
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
    // ioredis gives a waiting command up after 20 reconnection attempts (about 10 s); a
    // subscription given up would never be made again.
    await settle(12_000);
    proxy = createServer((client) => {
      const server = connect(Number(upstream.port || 6379), upstream.hostname);
      for (const end of [client, server]) {
        connections.add(end);
        end.on("error", () => end.destroy());
        end.on("close", () => connections.delete(end));
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy!.listen(port, "127.0.0.1", resolve));
    for (const instance of [a, b]) await expect.poll(async () => (await instance.api("GET", "/api/ready")).status, { timeout: 15_000 }).toBe(200);

    const account = await signUp(a);
    socket = await connectSocket(a.url, account.token);
    let heard = 0;
    socket.on("unreadCount", ({ unread }) => void (heard = unread));
    // Sent through B, received on A: both subscribed and publishing through Redis again.
    await expect
      .poll(
        () => {
          b!.app.realtime.toUser(account.user.id, "unreadCount", { unread: 7 });
          return heard;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(7);
  }, 60_000);
});
