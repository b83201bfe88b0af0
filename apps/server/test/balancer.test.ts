import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WEB_DIST } from "../src/server.js";
import { io } from "socket.io-client";
import { MSG, weekdayAhead, type ChatMessage, type ProfilePage, type RegisterInput, type SelfUser } from "@vam/shared";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./helpers/chromium.js";
import { freePort, h2Client, startBalancer, type Balancer } from "./helpers/balancer.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { newUser } from "./helpers/server.js";
import { settle, type TestSocket } from "./helpers/sockets.js";

/** How long a condition may take to come true: an instance starting, a socket moving. */
const POLL = { timeout: 15_000, interval: 100 };

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** Each instance drains this long when stopped; nginx drops its idle upstream connections after 2 s. */
const DRAIN_SECONDS = 3;

interface Instance {
  port: number;
  /** Direct address, for what a balancer never shows: /metrics, readiness while starting. */
  url: string;
  process: ServerProcess;
}

// Two instances on PostgreSQL and Redis behind nginx running deploy/nginx.conf (TLS on loopback).
// .ci/run sets DATABASE_URL and REDIS_URL to this machine's services and installs nginx.
describe.runIf(databaseUrl && redisUrl)("two instances behind nginx (deploy/nginx.conf)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let env: Record<string, string>;
  const instances: Instance[] = [];
  let balancer: Balancer;
  let client: ReturnType<typeof h2Client>;
  const sockets: TestSocket[] = [];

  // The built server, as production runs it (decision 0027).
  async function startInstance(port: number): Promise<ServerProcess> {
    return startServerProcess({ ...env, PORT: String(port) }, { compiled: true });
  }

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseUrl!);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      TRUST_PROXY: "true",
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    };
    const ports = [await freePort(), await freePort()];
    const processes = await Promise.all(ports.map(startInstance));
    ports.forEach((port, i) => instances.push({ port, url: `http://127.0.0.1:${port}`, process: processes[i]! }));
    balancer = await startBalancer(ports);
    // HTTP/2 to nginx, as browsers speak it: a reload ends the old workers' connections with
    // GOAWAY, which a client honours, where an HTTP/1.1 keep-alive connection could be closed
    // just as the client sends on it.
    client = h2Client(balancer.url, balancer.ca);
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    client?.close();
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.process.stop()));
    await database?.drop();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the answers they assert on
  async function call<T = any>(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const answer = await client.request(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
    const json = answer.headers["content-type"]?.toString().startsWith("application/json");
    return { status: answer.status, body: (json ? JSON.parse(answer.text) : answer.text) as T };
  }

  /** Registers and signs in through the balancer. */
  async function account(overrides: Partial<RegisterInput> = {}) {
    const input = newUser(overrides);
    expect((await call("POST", "/api/auth/register", { body: input })).status).toBe(201);
    const login = await call<{ token: string; userInfo: SelfUser }>("POST", "/api/auth/login", {
      body: { username: input.username, password: input.password },
    });
    expect(login.status).toBe(200);
    return { ...login.body, input };
  }

  /** A socket through the balancer, WebSocket only (the web client's first choice). */
  function socketFor(token: string, reconnection = false): TestSocket {
    const socket: TestSocket = io(balancer.url, {
      path: "/socket.io",
      auth: { token },
      transports: ["websocket"],
      ca: balancer.ca,
      reconnection,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    return socket;
  }

  const connected = (socket: TestSocket) =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) return resolve();
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });

  /** Sockets open on each instance, read from its own /metrics (loopback may read it). */
  async function socketsPerInstance(): Promise<number[]> {
    return Promise.all(
      instances.map(async (instance) => {
        const text = await (await fetch(`${instance.url}/metrics`)).text();
        return Number(text.match(/^vam_sockets_open (\d+)/m)?.[1] ?? NaN);
      }),
    );
  }

  /** Which instance answered, by port, for each request nginx logged since `from` lines. */
  async function upstreamPorts(fromLine = 0): Promise<Set<number>> {
    const lines = (await balancer.accessLog()).split("\n").slice(fromLine);
    return new Set(lines.flatMap((line) => [...line.matchAll(/upstream=[\d.]+:(\d+)/g)].map((match) => Number(match[1]))));
  }
  const logLines = async () => (await balancer.accessLog()).split("\n").length - 1;

  it("signs in and searches through nginx, answered by both instances, over TLS", async () => {
    const from = await logLines();
    const assistant = await account({ role: "Assistant", firstName: "Rosalinda", lastName: "Magbanua", location: "Iloilo City" });
    expect((await call("POST", "/api/profiles/profile", { token: assistant.token })).status).toBe(201);
    const boss = await account();
    // The search index of each instance follows the database; both must find the new listing.
    const deadline = Date.now() + 10_000;
    let found = 0;
    while (found < 6 && Date.now() < deadline) {
      const search = await call<ProfilePage>("GET", "/api/profiles/posts?userName=Rosalinda%20Magbanua", { token: boss.token });
      expect(search.status).toBe(200);
      found = search.body.items.some((post) => post.userId === assistant.userInfo.id) ? found + 1 : 0;
    }
    expect(found).toBe(6);
    const me = await call("GET", "/api/users/verify", { token: boss.token });
    expect(me.status).toBe(200);
    expect(await upstreamPorts(from)).toEqual(new Set(instances.map((instance) => instance.port)));
    // Metrics never leave through the balancer; each instance shows them on its own address.
    expect((await call("GET", "/metrics")).status).toBe(404);
  });

  it("carries a live chat between two users whose sockets sit on different instances", async () => {
    const alice = await account({ firstName: "Alice" });
    const bong = await account({ firstName: "Bong" });
    const aliceSocket = socketFor(alice.token);
    await connected(aliceSocket);
    let bongSocket = socketFor(bong.token);
    await connected(bongSocket);
    // Round robin decides where each lands; reconnect Bong until the two are on different instances.
    for (let attempt = 0; attempt < 10 && !(await socketsPerInstance()).every((count) => count === 1); attempt++) {
      bongSocket.close();
      await expect.poll(async () => (await socketsPerInstance()).reduce((a, b) => a + b) === 1, POLL).toBe(true);
      bongSocket = socketFor(bong.token);
      await connected(bongSocket);
    }
    expect(await socketsPerInstance()).toEqual([1, 1]);

    const toBong = nextMessage(bongSocket);
    const sent = await call("POST", "/api/messages/send", {
      token: alice.token,
      body: { recipientId: bong.userInfo.id, message: "Magandang umaga!" },
    });
    expect(sent.status).toBe(201);
    expect((await toBong).text).toBe("Magandang umaga!");

    const toAlice = nextMessage(aliceSocket);
    const reply = await call("POST", "/api/messages/send", {
      token: bong.token,
      body: { recipientId: alice.userInfo.id, message: "Good morning po" },
    });
    expect(reply.status).toBe(201);
    const received = await toAlice;
    expect(received.text).toBe("Good morning po");
    expect(received.userId).toBe(bong.userInfo.id);
    aliceSocket.close();
    bongSocket.close();
  });

  it("books a slot exactly once when twenty clients race for it through both instances", async () => {
    const assistant = await account({ role: "Assistant" });
    const clients = await Promise.all(Array.from({ length: 20 }, () => account()));
    const from = await logLines();
    const slot = { consultantId: assistant.userInfo.id, date: weekdayAhead(4), startTime: "09:00", duration: 4 };
    const answers = await Promise.all(clients.map((client) => call("POST", "/api/bookings/create", { token: client.token, body: slot })));
    expect(
      answers.filter((answer) => answer.status === 201),
      JSON.stringify(answers.slice(0, 3)),
    ).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(19);
    expect(refused.every((answer) => answer.status === 409 && answer.body.message === MSG.bookingSlotTaken)).toBe(true);
    expect((await upstreamPorts(from)).size).toBe(2);
  });

  it("restarts each instance in turn under load with no failed request, and sockets reconnect and catch up", async () => {
    const reader = await account({ firstName: "Reader" });
    const writer = await account({ firstName: "Writer" });
    const assistant = await account({ role: "Assistant", firstName: "Maricel", lastName: "Restart" });
    const bookers = await Promise.all(Array.from({ length: 12 }, () => account()));
    const first = await call("POST", "/api/messages/send", { token: writer.token, body: { recipientId: reader.userInfo.id, message: "m0" } });
    expect(first.status).toBe(201);
    const chatId: string = first.body.chatId;

    // The reader's socket reconnects by itself, as the web client's does, and on every
    // (re)connection fetches the chat: what it missed while it was away.
    const socket = socketFor(reader.token, true);
    const seen = new Set<string>(["m0"]);
    const reasons: string[] = [];
    let connections = 0;
    let liveAfterRestarts = 0;
    let restartsDone = false;
    socket.on("newMessage", ({ message }) => {
      seen.add(message.text);
      if (restartsDone) liveAfterRestarts += 1;
    });
    socket.on("disconnect", (reason) => reasons.push(reason));
    socket.on("connect", () => {
      connections += 1;
      void call<{ messages: ChatMessage[] }>("GET", `/api/chats/${chatId}`, { token: reader.token }).then((answer) => {
        for (const message of answer.body.messages ?? []) seen.add(message.text);
      });
    });
    await connected(socket);

    // The load: reads (retried once where idempotent, as a client may), message posts and
    // booking requests (never retried: each must succeed the first time).
    const failures: string[] = [];
    let retries = 0;
    let requests = 0;
    const posted: string[] = [];
    let stop = false;
    const readPaths = [
      "/api/profiles/posts?userName=Maricel",
      `/api/profiles/${assistant.userInfo.id}`,
      "/api/chats",
      `/api/chats/${chatId}`,
      "/api/health",
    ];
    async function read(path: string) {
      for (let attempt = 0; ; attempt++) {
        requests += 1;
        try {
          const answer = await call("GET", path, { token: reader.token });
          if (answer.status === 200) return;
          if (attempt === 0 && answer.status >= 502) {
            retries += 1;
            continue;
          }
          failures.push(`GET ${path}: ${answer.status}`);
          return;
        } catch (error) {
          if (attempt === 0) {
            retries += 1;
            continue;
          }
          failures.push(`GET ${path}: ${String(error)}`);
          return;
        }
      }
    }
    let counter = 0;
    async function post() {
      const text = `m${++counter}`;
      requests += 1;
      try {
        const answer = await call("POST", "/api/messages/send", { token: writer.token, body: { recipientId: reader.userInfo.id, message: text } });
        if (answer.status === 201) posted.push(text);
        else failures.push(`POST message ${text}: ${answer.status} ${JSON.stringify(answer.body)}`);
      } catch (error) {
        failures.push(`POST message ${text}: ${String(error)}`);
      }
    }
    let booked = 0;
    async function bookNext() {
      const index = booked++;
      const client = bookers[index % bookers.length]!;
      const slot = { consultantId: assistant.userInfo.id, date: weekdayAhead(1 + index), startTime: "13:00", duration: 4 };
      requests += 1;
      try {
        const answer = await call("POST", "/api/bookings/create", { token: client.token, body: slot });
        if (answer.status !== 201) failures.push(`POST booking ${index}: ${answer.status} ${JSON.stringify(answer.body)}`);
      } catch (error) {
        failures.push(`POST booking ${index}: ${String(error)}`);
      }
    }
    async function worker(number: number) {
      for (let step = 0; !stop && step < 100_000; step++) {
        if (number === 0 && step % 3 === 0) await post();
        else if (number === 1 && step % 10 === 0 && booked < 30) await bookNext();
        else await read(readPaths[(number + step) % readPaths.length]!);
      }
    }
    const load = Promise.all(Array.from({ length: 6 }, (_, number) => worker(number)));

    // The README's rolling restart: mark the instance down in nginx and reload, stop it (it
    // drains), start the new one, wait until it is ready, mark it up again; then the next.
    await settle(1000);
    for (const instance of instances) {
      await balancer.setDown(instance.port, true);
      await instance.process.stop();
      instance.process = await startInstance(instance.port);
      await expect.poll(async () => (await fetch(`${instance.url}/api/ready`)).status === 200, POLL).toBe(true);
      await balancer.setDown(instance.port, false);
      await settle(1000);
    }
    restartsDone = true;
    await settle(1000);
    stop = true;
    await load;

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    expect(posted.length).toBeGreaterThan(20);
    expect(booked).toBeGreaterThan(5);
    // The socket was moved at least once (both instances stopped), never told it was signed out.
    expect(connections).toBeGreaterThanOrEqual(2);
    expect(reasons.length).toBeGreaterThanOrEqual(1);
    expect(reasons).not.toContain("io server disconnect");
    expect(socket.connected).toBe(true);
    // Live again after the restarts, and nothing posted is missing once it caught up.
    await post();
    await expect.poll(async () => liveAfterRestarts > 0, POLL).toBe(true);
    await expect.poll(async () => posted.every((text) => seen.has(text)), POLL).toBe(true);
    expect(posted.filter((text) => !seen.has(text))).toEqual([]);
    // What was sent again after a GOAWAY had not been processed: no message is there twice.
    const stored = await call<{ messages: ChatMessage[] }>("GET", `/api/chats/${chatId}`, { token: reader.token });
    const texts = stored.body.messages.map((message) => message.text);
    expect(texts.length).toBe(new Set(texts).size);
    expect(texts.length).toBe(posted.length + 1);
    console.log(
      `rolling restart: ${requests} requests, ${retries} GET retries, ${client.state.resent} refused by GOAWAY and sent again, ${posted.length} messages, ${booked} bookings, ${connections} socket connections`,
    );
  }, 120_000);

  it("turns an instance unready while it drains, before it stops answering", async () => {
    const instance = instances[0]!;
    expect((await fetch(`${instance.url}/api/ready`)).status).toBe(200);
    const stopping = instance.process.stop();
    await expect.poll(async () => (await fetch(`${instance.url}/api/ready`)).status === 503, POLL).toBe(true);
    const answer = (await (await fetch(`${instance.url}/api/ready`)).json()) as { checks: { shuttingDown: boolean }; message: string };
    expect(answer.checks.shuttingDown).toBe(true);
    expect(answer.message).toMatch(/shutting down/);
    // Still answering other requests while it drains; the balancer keeps working throughout.
    expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
    expect((await call("GET", "/api/health")).status).toBe(200);
    await stopping;
    expect((await call("GET", "/api/health")).status).toBe(200);
    instance.process = await startInstance(instance.port);
  });

  // The web app's own socket client (WebSocket first) in Chromium, through nginx over TLS.
  it.runIf(existsSync(path.join(DEFAULT_WEB_DIST, "index.html")))(
    "keeps the web app live through nginx: WebSocket only, across instances, and after a restart it catches up",
    async () => {
      const alice = await account({ firstName: "Alicia" });
      const bong = await account({ firstName: "Bongbong" });
      const from = await logLines();
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        const context = await browser.newContext({ baseURL: balancer.url, ignoreHTTPSErrors: true });
        const page = await context.newPage();
        const sent = await call("POST", "/api/messages/send", {
          token: alice.token,
          body: { recipientId: bong.userInfo.id, message: "Hello from Alicia" },
        });
        expect(sent.status).toBe(201);
        const before = await socketsPerInstance();
        await page.goto("/login");
        await page.getByLabel("Username").fill(bong.input.username);
        await page.getByLabel("Password").fill(bong.input.password);
        await page.getByRole("button", { name: "Log in", exact: true }).click();
        await page.waitForURL("**/profile/list");
        await page.goto(`/chat/${alice.userInfo.id}`);
        const messages = page.getByRole("list", { name: "Messages" });
        await messages.getByText("Hello from Alicia").waitFor();
        // The page's one socket: on the instance whose count went up.
        let where: Instance | undefined;
        await expect
          .poll(async () => {
            const now = await socketsPerInstance();
            where = instances.find((_, i) => now[i]! > before[i]!);
            return now[0]! + now[1]! === before[0]! + before[1]! + 1;
          }, POLL)
          .toBe(true);

        // Live, whichever instance takes the POST.
        for (const text of ["Live one", "Live two"]) {
          expect(
            (await call("POST", "/api/messages/send", { token: alice.token, body: { recipientId: bong.userInfo.id, message: text } })).status,
          ).toBe(201);
          await messages.getByText(text).waitFor({ timeout: 5000 });
        }

        // As a person sees it through the balancer, on a desktop and on a phone.
        const shots = path.resolve("test-results", "screenshots");
        await page.screenshot({ path: path.join(shots, "balancer-chat-desktop.png"), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: path.join(shots, "balancer-chat-phone.png"), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 720 });

        // The instance holding the page's socket stops while nginx has nowhere to send it (both
        // marked down): a message sent meanwhile cannot arrive live. Once the other instance is
        // back in, the page's socket reconnects there and the page fetches what it missed.
        const stopped = where!;
        const other = instances.find((instance) => instance !== stopped)!;
        await balancer.setDown(other.port, true);
        await balancer.setDown(stopped.port, true);
        await stopped.process.stop();
        const missed = await fetch(`${other.url}/api/messages/send`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${alice.token}` },
          body: JSON.stringify({ recipientId: bong.userInfo.id, message: "Sent while you were away" }),
        });
        expect(missed.status).toBe(201);
        await settle(1000);
        expect(await messages.getByText("Sent while you were away").count()).toBe(0);
        await balancer.setDown(other.port, false);
        await messages.getByText("Sent while you were away").waitFor({ timeout: 15_000 });
        stopped.process = await startInstance(stopped.port);
        await expect.poll(async () => (await fetch(`${stopped.url}/api/ready`)).status === 200, POLL).toBe(true);
        await balancer.setDown(stopped.port, false);
        expect(page.url()).toContain(`/chat/${alice.userInfo.id}`);

        // nginx logs a WebSocket when it ends: close the page first.
        await context.close();
        await settle(300);
        // The page's sockets were WebSockets (upgraded: 101), one before the restart and one after.
        // Its long-polling fallback was tried only while nginx had no instance to offer (502), and
        // never reached one.
        const socketLines = (await balancer.accessLog())
          .split("\n")
          .slice(from)
          .filter((line) => line.includes("GET /socket.io/"));
        expect(socketLines.filter((line) => /transport=websocket .* 101 /.test(line)).length, socketLines.join("\n")).toBeGreaterThanOrEqual(2);
        expect(socketLines.filter((line) => line.includes("transport=polling") && !/ 502 /.test(line))).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    90_000,
  );
});

function nextMessage(socket: TestSocket) {
  return new Promise<ChatMessage>((resolve) => socket.once("newMessage", ({ message }) => resolve(message)));
}
