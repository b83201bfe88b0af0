import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, weekdayAhead, type ChatMessage, type RegisterInput, type SelfUser } from "@vam/shared";
import { createPostgresDatabase } from "./helpers/database.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { newUser } from "./helpers/server.js";
import { connectSocket, type TestSocket } from "./helpers/sockets.js";

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

// Runs where PostgreSQL and Redis are configured (.ci/run sets both to this machine's services).
describe.runIf(databaseUrl && redisUrl)("two server processes sharing PostgreSQL and Redis", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase(databaseUrl!);
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_MINUTE: "1000" };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    socket?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  async function account(server: ServerProcess, overrides: Partial<RegisterInput> = {}) {
    const input = newUser(overrides);
    const post = (path: string, body: unknown) =>
      fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/api/auth/register", input)).status).toBe(201);
    return (await (await post("/api/auth/login", { username: input.username, password: input.password })).json()) as {
      token: string;
      userInfo: SelfUser;
    };
  }

  it("delivers within a second to a client on A a message posted through B", async () => {
    const reader = await account(a);
    const writer = await account(b);
    socket = await connectSocket(a.url, reader.token);
    const received = new Promise<{ message: ChatMessage; at: number }>((resolve) =>
      socket!.on("newMessage", (payload) => resolve({ message: payload.message, at: performance.now() })),
    );

    const sentAt = performance.now();
    const response = await fetch(`${b.url}/api/messages/send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ recipientId: reader.userInfo.id, message: "Across instances!" }),
    });
    expect(response.status).toBe(201);
    const { message, at } = await received;
    expect(message.text).toBe("Across instances!");
    expect(message.userId).toBe(writer.userInfo.id);
    expect(at - sentAt).toBeLessThan(1000);
  });

  it("creates exactly one booking from 50 simultaneous requests for one slot through both instances", async () => {
    const consultant = await account(a, { role: "Assistant" });
    const clients = await Promise.all(Array.from({ length: 50 }, (_, i) => account(i % 2 ? a : b, { role: "Boss" })));
    const body = JSON.stringify({ consultantId: consultant.userInfo.id, date: weekdayAhead(3), startTime: "09:00", duration: 8 });
    const responses = await Promise.all(
      clients.map(async (client, i) => {
        const response = await fetch(`${(i % 2 ? b : a).url}/api/bookings/create`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${client.token}` },
          body,
        });
        return { status: response.status, message: ((await response.json()) as { message?: string }).message };
      }),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(49);
    expect(refused.every((r) => r.status === 409 && r.message === MSG.bookingSlotTaken)).toBe(true);
  });

  it("answers every request of a mixed 4- and 8-hour race with 201 or 409, and leaves no overlap", async () => {
    const consultant = await account(a, { role: "Assistant" });
    const clients = await Promise.all(Array.from({ length: 30 }, (_, i) => account(i % 2 ? a : b, { role: "Boss" })));
    const date = weekdayAhead(4);
    const statuses = await Promise.all(
      clients.map(async (client, i) => {
        const fullDay = i % 3 === 0;
        const response = await fetch(`${(i % 2 ? b : a).url}/api/bookings/create`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${client.token}` },
          body: JSON.stringify({
            consultantId: consultant.userInfo.id,
            date,
            startTime: fullDay || i % 2 ? "09:00" : "13:00",
            duration: fullDay ? 8 : 4,
          }),
        });
        return response.status;
      }),
    );
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const booked = await (await fetch(`${a.url}/api/bookings/booked/${consultant.userInfo.id}`)).json();
    // Either one full day or two half days won: both slots held, each once.
    expect(booked.map((slot: { time: string }) => slot.time).sort()).toEqual(["09:00", "13:00"]);
    expect([1, 2]).toContain(statuses.filter((status) => status === 201).length);
  });
});
