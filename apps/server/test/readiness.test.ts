import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { connectSocket, settle } from "./helpers/sockets.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close().catch(() => {});
  server = undefined;
});

describe("GET /api/ready", () => {
  it("is ready when the database answers and every migration is applied; Redis not configured", async () => {
    server = await startTestServer();
    const { status, body } = await server.api("GET", "/api/ready");
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "ready",
      checks: { database: "ok", redis: "not configured", migrations: "ok", shuttingDown: false, web: "not configured" },
    });
  });

  it("is unready while the database lacks a migration this code ships", async () => {
    server = await startTestServer();
    await server.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const { status, body } = await server.api("GET", "/api/ready");
    expect(status).toBe(503);
    expect(body.checks.migrations).toBe("failing");
    expect(body.message).toBe("Not ready: the database schema is behind this version.");
    // Liveness does not change: the process and its database answer.
    expect((await server.api("GET", "/api/health")).status).toBe(200);
  });

  it("is unready when Redis does not answer", async () => {
    // Nothing listens on port 1: every Redis command fails or times out.
    server = await startTestServer({ REDIS_URL: "redis://127.0.0.1:1" });
    const { status, body } = await server.api("GET", "/api/ready");
    expect(status).toBe(503);
    expect(body.checks).toMatchObject({ database: "ok", redis: "failing", migrations: "ok" });
    expect(body.message).toBe("Not ready: Redis is not answering.");
  });

  it("lives through a Redis outage: broadcasts that cannot reach Redis are dropped and logged, not thrown", async () => {
    // socket.io's Redis adapter sends its commands without handling their failure
    // (socketio/socket.io-redis-adapter#513), and Node ends a process on an unhandled rejection.
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    const lines: string[] = [];
    try {
      server = await startTestServer(
        { REDIS_URL: "redis://127.0.0.1:1", LOG_LEVEL: "warn" },
        {},
        { logStream: { write: (line) => void lines.push(line) } },
      );
      server.app.realtime.toUser(randomUUID(), "unreadCount", { unread: 1 });
      server.app.realtime.endUser(randomUUID());
      // The broadcast gives up after 10 reconnection attempts (about 3 s).
      await expect.poll(() => lines.some((line) => line.includes("redis (sockets): commands not sent")), { timeout: 10_000 }).toBe(true);
      expect(JSON.parse(lines.find((line) => line.includes("commands not sent"))!)).toMatchObject({ command: "publish", failed: 1 });
      expect((await server.api("GET", "/api/health")).status).toBe(200);
      await server.close();
      server = undefined;
      await settle(100);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", collect);
    }
  });
});

describe("shutting down", () => {
  it("turns unready at once, keeps answering with Connection: close while it drains, then stops", async () => {
    server = await startTestServer();
    const stopping = server.shutdown(800);
    const ready = await server.api("GET", "/api/ready");
    expect(ready.status).toBe(503);
    expect(ready.body.checks.shuttingDown).toBe(true);
    expect(ready.body.message).toBe("Not ready: the instance is shutting down.");
    const health = await server.api("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("connection")).toBe("close");
    await stopping;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it("moves sockets away without signing them out, and refuses new ones while draining", async () => {
    server = await startTestServer();
    const account = await signUp(server);
    const socket = await connectSocket(server.url, account.token);
    const reason = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    const stopping = server.shutdown(800);
    // "transport close": the client reconnects by itself; "io server disconnect" would sign it out.
    expect(await reason).toBe("transport close");
    await expect(connectSocket(server.url, account.token)).rejects.toThrow();
    socket.close();
    await settle(50);
    await stopping;
  });
});
