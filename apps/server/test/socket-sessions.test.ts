import { eq } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SelfUser } from "@vam/shared";
import { loadConfig } from "../src/config.js";
import { sessions } from "../src/db/schema.js";
import { startServer, type RunningServer } from "../src/server.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { collect, connectSocket, settle, type TestSocket } from "./helpers/sockets.js";

/** Sessions of this server live 3 seconds (SESSION_TTL_HOURS takes fractions). */
const TTL_SECONDS = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SESSION_TTL_HOURS: String(TTL_SECONDS / 3600) });
});
afterAll(() => server?.close());

/** Why the socket was closed, or "still connected" after `ms`. */
const disconnected = (socket: TestSocket, ms = (TTL_SECONDS + 5) * 1000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve("still connected"), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe("sockets end with their session", () => {
  it("closes a socket when its session expires, and nothing reaches it afterwards", async () => {
    const account = await signUp(server);
    const socket = await connectSocket(server.url, account.token);
    const counts = collect(socket, "unreadCount");
    const closed = disconnected(socket);

    server.app.realtime.toUser(account.user.id, "unreadCount", { unread: 1 });
    await settle();
    expect(counts).toEqual([{ unread: 1 }]);

    // The server closes it at the session's expiry (no request, no logout).
    expect(await closed).toBe("io server disconnect");
    server.app.realtime.toUser(account.user.id, "unreadCount", { unread: 2 });
    await settle();
    expect(counts).toEqual([{ unread: 1 }]);
    expect(socket.connected).toBe(false);
    socket.close();

    // The expired token no longer opens a socket.
    await expect(connectSocket(server.url, account.token)).rejects.toThrow("unauthorized");
  });

  it("closes sockets whose session ended without a broadcast when the sessions are re-checked", async () => {
    const account = await signUp(server);
    const socket = await connectSocket(server.url, account.token);
    const closed = disconnected(socket);
    // Revoked straight in the database, as if another instance's broadcast had been lost.
    await server.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, account.user.id));
    await server.app.realtime.recheckSessions();
    expect(await closed).toBe("io server disconnect");
    socket.close();
  });
});

/** How long after its session's end a socket may stay open: a wait limit, not a measure of speed. */
const CLOSES_WITHIN_MS = 3000;

describe("a session whose expiry moves", () => {
  let standard: TestServer;
  beforeAll(async () => {
    // Sessions of the usual length (a week): only a moved expiry ends them during the test.
    standard = await startTestServer();
  });
  afterAll(() => standard?.close());

  it("closes the socket within seconds of an expiry moved earlier, and nothing reaches it afterwards", async () => {
    const account = await signUp(standard);
    const socket = await connectSocket(standard.url, account.token);
    const counts = collect(socket, "unreadCount");
    const expiresAt = Date.now() + 1000;
    await standard.database.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.userId, account.user.id));
    const closed = disconnected(socket, expiresAt - Date.now() + CLOSES_WITHIN_MS);

    expect(await closed).toBe("io server disconnect");
    standard.app.realtime.toUser(account.user.id, "unreadCount", { unread: 1 });
    await settle();
    expect(counts).toEqual([]);
    socket.close();
  });

  it("keeps the socket of a session whose expiry moved forward, past the expiry it had when it connected", async () => {
    // `server`'s sessions live TTL_SECONDS; this one is given an hour more after its socket connected.
    const account = await signUp(server);
    const socket = await connectSocket(server.url, account.token);
    const counts = collect(socket, "unreadCount");
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(sessions.userId, account.user.id));

    expect(await disconnected(socket, TTL_SECONDS * 1000 + CLOSES_WITHIN_MS)).toBe("still connected");
    server.app.realtime.toUser(account.user.id, "unreadCount", { unread: 3 });
    await settle();
    expect(counts).toEqual([{ unread: 3 }]);
    socket.close();
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

// Runs where PostgreSQL and Redis are configured (.ci/run sets both to this machine's services).
describe.runIf(databaseUrl && redisUrl)("across instances sharing PostgreSQL and Redis", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseUrl!);
    dataDir = await mkdtemp(path.join(tmpdir(), "vam-test-"));
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SWEEP_INTERVAL_SECONDS: "0",
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
    });
    // Two instances, each with its own connections to the same database and Redis.
    a = await startServer(config);
    b = await startServer(config);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("closes a socket on B within seconds of an expiry moved earlier, for a session signed in on A", async () => {
    const input = newUser();
    const post = (path: string, body: unknown) =>
      fetch(a.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/api/auth/register", input)).status).toBe(201);
    const login = (await (await post("/api/auth/login", { username: input.username, password: input.password })).json()) as {
      token: string;
      userInfo: SelfUser;
    };
    const socket = await connectSocket(b.url, login.token);
    const counts = collect(socket, "unreadCount");
    const expiresAt = Date.now() + 1000;
    // Written through A's connection: B learns of it from the database only.
    await a.database.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.userId, login.userInfo.id));

    expect(await disconnected(socket, expiresAt - Date.now() + CLOSES_WITHIN_MS)).toBe("io server disconnect");
    // Sent through A after the expiry: it reaches no socket of the ended session on B.
    a.app.realtime.toUser(login.userInfo.id, "unreadCount", { unread: 1 });
    await settle();
    expect(counts).toEqual([]);
    socket.close();
  });
});
