import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis, type Command, type RedisOptions } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "@vam/shared";
import { bearerToken } from "../session/authenticate.js";
import { findSessionUser, liveSessionExpiries } from "../session/sessions.js";

interface SocketData {
  userId: string;
  sessionId: string;
  /** When the session ends (ms since the epoch), as last read from the database; the socket is closed then. */
  expiresAt: number;
  /** The tab says its page is visible (the "visibility" event): web push waits while one of the user's is. */
  visible?: boolean;
}

type Events = ServerToClientEvents;
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  /** Sends to every tab of the user, on whichever instance it is connected. */
  toUser<E extends keyof Events>(userId: string, event: E, ...payload: Parameters<Events[E]>): void;
  /** Ends the live connections of a session that was logged out. */
  endSession(sessionId: string): void;
  /** Ends every live connection of a user (suspended), on every instance. */
  endUser(userId: string): void;
  /**
   * Closes this instance's sockets whose session is no longer live (revoked, expired, account
   * suspended), and moves each socket's closing time to its session's expiry as the database now
   * has it. Runs every SESSION_RECHECK_MS, in case a broadcast of `endSession`/`endUser` was
   * missed or an expiry changed.
   */
  recheckSessions(): Promise<void>;
  /** Whether any tab of the user, on any instance, says its page is visible now (web push is skipped then). */
  isVisible(userId: string): Promise<boolean>;
  /** Sockets connected to this instance. */
  localSocketCount(): number;
  /**
   * Shutting down (`app.lifecycle.draining`, which also refuses new sockets: 503, so a balancer
   * tries another instance): drops this instance's sockets without ending their sessions; clients
   * reconnect at once, through the balancer, to an instance that stays.
   */
  drain(): void;
}

/**
 * How often each instance re-checks the sessions of its sockets: one indexed query for all of
 * them (its cost: decision 0008). A session whose expiry was moved earlier in the database (or
 * that ended without a broadcast) loses its sockets within this long.
 */
const SESSION_RECHECK_MS = 2000;
/** How long `isVisible` waits for the other instances' answer. */
const VISIBILITY_TIMEOUT_MS = 2000;
/** The longest delay a Node timer takes (about 24.8 days); longer sessions re-arm. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Runs `action` at the instant `at` (ms since the epoch), however far ahead; `cancel` stops it. */
function runAt(at: number, action: () => void) {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = Math.max(0, at - Date.now());
    timer = setTimeout(wait > MAX_TIMER_MS ? arm : action, Math.min(wait, MAX_TIMER_MS));
  };
  arm();
  return { cancel: () => clearTimeout(timer) };
}

/**
 * socket.io's Redis adapter sends its commands (subscribe, publish) without handling their
 * failure (socketio/socket.io-redis-adapter#513): in a Redis outage each would become an
 * unhandled rejection, and Node ends the process on one. This client handles every command's
 * failure itself (the adapter's callers, if any, still see it) and reports it to `dropped`.
 */
class AdapterRedis extends Redis {
  constructor(
    url: string,
    private readonly dropped: (command: string, error: unknown) => void,
    options: RedisOptions,
  ) {
    super(url, options);
  }

  override sendCommand(command: Command, stream?: Parameters<Redis["sendCommand"]>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    command.promise.catch((error: unknown) => this.dropped(command.name, error));
    return sent;
  }
}

/** Logs the adapter's failed commands once per 10 s at most, with how many failed meanwhile. */
function droppedCommandsLog(log: FastifyBaseLogger) {
  let count = 0;
  let lastLogged = 0;
  return (command: string, error: unknown) => {
    count += 1;
    if (Date.now() - lastLogged < 10_000) return;
    log.warn({ err: error, command, failed: count }, "redis (sockets): commands not sent (broadcasts to other instances lost)");
    lastLogged = Date.now();
    count = 0;
  };
}

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * socket.io on the API's own HTTP server, path /socket.io. A connection is the session of the
 * token in its handshake (`auth.token`, or a bearer header); it joins the rooms of its user
 * and session, so nothing can be received as somebody else.
 */
export function attachRealtime(app: FastifyInstance, redisUrl: string | undefined): Realtime {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: "/socket.io",
    serveClient: false,
  });
  // socket.io listens for upgrades itself; while draining, an upgrade is answered 503 before it
  // sees it (a balancer then passes the request to another instance: decision 0017).
  const upgradeListeners = app.server.listeners("upgrade") as ((...args: unknown[]) => void)[];
  app.server.removeAllListeners("upgrade");
  app.server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (app.lifecycle.draining) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    for (const listener of upgradeListeners) listener.call(app.server, request, socket, head);
  });
  const redisClients: Redis[] = [];
  if (redisUrl) {
    const dropped = droppedCommandsLog(app.log);
    // A broadcast waits for Redis through 10 reconnection attempts (about 3 s: a Redis restart),
    // then is dropped (its clients catch up when they load a page); a subscription waits for
    // Redis however long it is away, so an instance started during an outage still hears the
    // others once Redis is back.
    const pub = new AdapterRedis(redisUrl, dropped, { maxRetriesPerRequest: 10 });
    const sub = new AdapterRedis(redisUrl, dropped, { maxRetriesPerRequest: null });
    redisClients.push(pub, sub);
    for (const client of redisClients) client.on("error", (error: Error) => app.log.warn({ err: error }, "redis (sockets): connection failed"));
    io.adapter(createAdapter(pub, sub));
  }

  // socket.io does not await its middleware: any failure is passed to next, so the handshake is
  // refused instead of hanging on an unhandled rejection.
  io.use((socket, next) => {
    if (app.lifecycle.draining) return next(new Error("unavailable"));
    const authenticate = async () => {
      const auth = socket.handshake.auth as { token?: unknown };
      const token = typeof auth.token === "string" ? auth.token : bearerToken(socket.handshake.headers.authorization);
      const found = token ? await findSessionUser(app.db, token).catch(() => undefined) : undefined;
      if (!found) throw new Error("unauthorized");
      socket.data.userId = found.user.id;
      socket.data.sessionId = found.sessionId;
      socket.data.expiresAt = found.expiresAt.getTime();
      await socket.join([userRoom(found.user.id), sessionRoom(found.sessionId)]);
    };
    authenticate().then(
      () => next(),
      (error: unknown) => {
        if (error instanceof Error && error.message === "unauthorized") return next(error);
        app.log.error({ err: error }, "socket handshake failed");
        next(new Error("unavailable"));
      },
    );
  });

  /** Each local socket's timer for its session's expiry. */
  const expiryTimers = new Map<string, { cancel(): void }>();
  /** (Re)sets the socket's closing time to `socket.data.expiresAt`. */
  const closeAtExpiry = (socket: HubSocket) => {
    expiryTimers.get(socket.id)?.cancel();
    expiryTimers.set(
      socket.id,
      runAt(socket.data.expiresAt, () => void expired(socket)),
    );
  };
  /**
   * The socket's expiry has come: the database says whether the session really ended now (its
   * expiry may have moved forward since it was read; then the socket stays until the new one). A
   * database that does not answer ends the socket: the last expiry known has passed.
   */
  async function expired(socket: HubSocket) {
    const live = await liveSessionExpiries(app.db, [socket.data.sessionId]).catch((error: unknown) => {
      app.log.warn({ err: error }, "socket session check failed at its expiry: closing it");
      return new Map<string, Date>();
    });
    const expiresAt = live.get(socket.data.sessionId)?.getTime();
    if (!socket.connected) return;
    if (expiresAt !== undefined && expiresAt > Date.now()) {
      socket.data.expiresAt = expiresAt;
      closeAtExpiry(socket);
    } else {
      socket.disconnect(true);
    }
  }

  io.on("connection", (socket) => {
    // A session ends at its expiry for its sockets too: this instance holds the socket, so it closes it.
    closeAtExpiry(socket);
    socket.on("disconnect", () => {
      expiryTimers.get(socket.id)?.cancel();
      expiryTimers.delete(socket.id);
    });
    // The spec's client announces its user id; only its own is meaningful, anything else is ignored.
    socket.on("newUser", (userId) => {
      if (userId !== socket.data.userId) app.log.warn({ claimed: userId, userId: socket.data.userId }, "socket claimed another user");
    });
    socket.on("visibility", (visible, ack) => {
      socket.data.visible = visible === true;
      if (typeof ack === "function") ack();
    });
  });

  async function recheckSessions() {
    const local = [...io.of("/").sockets.values()];
    if (local.length === 0) return;
    const live = await liveSessionExpiries(app.db, [...new Set(local.map((socket) => socket.data.sessionId))]);
    for (const socket of local) {
      if (!socket.connected) continue;
      const expiresAt = live.get(socket.data.sessionId)?.getTime();
      if (expiresAt === undefined) {
        socket.disconnect(true);
      } else if (expiresAt !== socket.data.expiresAt) {
        socket.data.expiresAt = expiresAt;
        closeAtExpiry(socket);
      }
    }
  }
  // One check at a time: a slow database does not pile them up. While it fails, the log says so
  // once a minute, not at every check.
  let checking = false;
  let failureLoggedAt = 0;
  const recheck = setInterval(() => {
    if (checking) return;
    checking = true;
    recheckSessions()
      .then(() => (failureLoggedAt = 0))
      .catch((error: unknown) => {
        if (Date.now() - failureLoggedAt < 60_000) return;
        failureLoggedAt = Date.now();
        app.log.error({ err: error }, "socket session check failed");
      })
      .finally(() => (checking = false));
  }, SESSION_RECHECK_MS);
  recheck.unref();

  // Closing the transport (not a socket.io disconnect, which tells a client it was signed out):
  // the client reconnects by itself.
  const dropLocalSockets = () => {
    for (const socket of io.of("/").sockets.values()) socket.conn.close();
  };
  app.addHook("preClose", async () => {
    clearInterval(recheck);
    for (const timer of expiryTimers.values()) timer.cancel();
    expiryTimers.clear();
    dropLocalSockets();
    await io.of("/").adapter.close();
    for (const client of redisClients) client.disconnect();
  });

  return {
    toUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
    endSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    endUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    recheckSessions,
    async isVisible(userId) {
      // Across instances through the adapter (Redis): each answers for its own sockets, within
      // VISIBILITY_TIMEOUT_MS; an instance that does not answer counts as no visible page.
      const found = await io.in(userRoom(userId)).timeout(VISIBILITY_TIMEOUT_MS).fetchSockets();
      return found.some((socket) => socket.data.visible === true);
    },
    localSocketCount: () => io.of("/").sockets.size,
    drain: dropLocalSockets,
  };
}
