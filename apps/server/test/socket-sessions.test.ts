import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../src/db/schema.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
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
